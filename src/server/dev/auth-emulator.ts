import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RunningAuthEmulator {
  /** host:port, the form FIREBASE_AUTH_EMULATOR_HOST takes. */
  host: string;
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    return res.ok;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * Starts the Firebase Auth emulator (from the firebase-tools dev dependency) on the given port,
 * with its UI off (the UI is a download) and its hub and logging ports next to it, and waits
 * until it answers. Demo mode and the tests use it; a deployment never does.
 */
export async function startAuthEmulator(options: {
  port: number;
  projectId: string;
  timeoutMs?: number;
}): Promise<RunningAuthEmulator> {
  const { port, projectId } = options;
  const host = `127.0.0.1:${port}`;
  let firebaseBin: string;
  try {
    firebaseBin = createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js');
  } catch {
    throw new Error(
      'Demo mode needs the Firebase Auth emulator from firebase-tools (a dev dependency): run `npm ci`, ' +
        'or configure a real Firebase project with FIREBASE_PROJECT_ID.',
    );
  }
  const workDir = await mkdtemp(path.join(tmpdir(), 'expense-tracker-auth-emulator-'));
  const config = path.join(workDir, 'firebase.json');
  await writeFile(
    config,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: port + 1 },
        logging: { host: '127.0.0.1', port: port + 2 },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const child = spawn(
    process.execPath,
    [firebaseBin, 'emulators:start', '--only', 'auth', '--project', projectId, '--config', config],
    {
      cwd: workDir,
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited(child);
      clearTimeout(killer);
    }
    await rm(workDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (await answers(`http://${host}/`)) return { host, stop };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The Firebase Auth emulator did not start on ${host}:\n${output}`);
}
