import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
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

/** The emulator listens on port, port + 1 (hub) and port + 2 (logging). */
const PORTS_USED = 3;
/** How long a port still held (by the emulator of a server that just died) is waited for. */
const PORT_WAIT_MS = 10_000;

/**
 * Loaded into the emulator's process before firebase-tools: when the process that started it
 * dies, even by kill -9, its IPC channel closes and the emulator exits too, instead of living
 * on as an orphan that holds the ports the next start needs.
 */
const EXIT_WITH_PARENT = `data:text/javascript,${encodeURIComponent(
  "process.channel?.unref();process.on('disconnect',()=>process.exit(1));",
)}`;

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function waitForFreePorts(port: number): Promise<void> {
  const deadline = Date.now() + PORT_WAIT_MS;
  for (;;) {
    const busy: number[] = [];
    for (let i = 0; i < PORTS_USED; i++) if (!(await portIsFree(port + i))) busy.push(port + i);
    if (busy.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(
        `The Auth emulator needs ports ${port}-${port + PORTS_USED - 1}, but ${busy.join(', ')} ` +
          'stayed in use (another demo server or emulator?). Stop it, or set AUTH_EMULATOR_PORT.',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
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
 * until it answers. It exits with the process that started it. Demo mode and the tests use it; a
 * deployment never does.
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
  await waitForFreePorts(port);
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
    [
      '--import',
      EXIT_WITH_PARENT,
      firebaseBin,
      'emulators:start',
      '--only',
      'auth',
      '--project',
      projectId,
      '--config',
      config,
    ],
    {
      cwd: workDir,
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true' },
      // The IPC channel is only there to tell the emulator when this process is gone.
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      // Its own process group: Ctrl+C in a terminal reaches the server only, which saves the
      // demo identities from the emulator before stopping it.
      detached: true,
      windowsHide: true,
    },
  );
  child.channel?.unref();
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
