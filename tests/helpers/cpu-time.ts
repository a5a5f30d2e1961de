import { readFileSync } from 'node:fs';

/**
 * CPU milliseconds the calling thread has used. Only this thread: the import reader's worker
 * and the garbage collector's helpers run beside it, and on a busy machine they may use much
 * CPU while this thread waits for a core. Linux counts in ticks of 10 ms; where there is no
 * /proc, the whole process is the best measure there is.
 */
export function threadCpuMs(): number {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime: fields 14 and 15 of the line, 12 and 13 after the thread's name.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  }
}

/**
 * CPU milliseconds `work` took on this thread: immune to how busy the machine is, for bounds
 * that tell linear work from quadratic, never for speed (the benches measure that).
 */
export function cpuMs(work: () => void): number {
  const start = threadCpuMs();
  work();
  return threadCpuMs() - start;
}
