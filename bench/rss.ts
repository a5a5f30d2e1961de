import { readFileSync } from 'node:fs';

/** The peak resident set size of a live process (Linux VmHWM), in bytes. */
export function peakRssBytes(pid: number | undefined): number {
  if (pid === undefined) throw new Error('The server is not running');
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmHWM:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kib) throw new Error(`No VmHWM in /proc/${pid}/status`);
  return Number(kib) * 1024;
}
