import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The built app to run: this checkout, or the one E2E_APP_ROOT names (to run the journeys
 * against another build, e.g. to see a journey fail on the code before its fix).
 */
const root = process.env.E2E_APP_ROOT ?? path.resolve(import.meta.dirname, '../../..');

export interface RunningApp {
  baseUrl: string;
  authEmulatorHost: string;
  /** Stops the server (SIGTERM) and deletes its data, unless the caller gave the directory. */
  stop(): Promise<void>;
}

export interface RestartableApp extends RunningApp {
  /** Stops the server (SIGTERM) and keeps its data, so `start` brings the same app back. */
  halt(): Promise<void>;
  /** Starts it again on the same port and data directory; resolves once it is healthy. */
  start(): Promise<void>;
  /** Starts it if a journey left it stopped (a failed one), so the next one finds it up. */
  ensureRunning(): Promise<void>;
}

function spawnServer(env: NodeJS.ProcessEnv) {
  const entry = path.join(root, 'dist/server/index.js');
  if (!existsSync(entry) || !existsSync(path.join(root, 'dist/client/index.html'))) {
    throw new Error('Browser tests need the built app: run `npm run build` first (npm test does).');
  }
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      // Demo mode is explicit (docs/security-hardening.md): the Auth emulator signs everyone in.
      DEMO_MODE: 'true',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Every journey signs in from 127.0.0.1; the limits themselves are tested in integration.
      AUTH_RATE_LIMIT_PER_IP: '100000',
      AUTH_RATE_LIMIT_PER_EMAIL: '100000',
      AUTH_FAILURE_LIMIT_PER_IP: '100000',
      WRITE_RATE_LIMIT_PER_USER: '100000',
      DATABASE_URL: '',
      FIREBASE_PROJECT_ID: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000)));
  return { child, output: () => output };
}

async function waitHealthy(baseUrl: string, child: ChildProcess): Promise<boolean> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) return false;
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return true;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * The built app as `npm start` runs it: real server, embedded database in a fresh directory,
 * demo mode with its own Auth emulator.
 */
export async function startBuiltApp(
  port: number,
  emulatorPort: number,
  options: { dataDir?: string } = {},
): Promise<RunningApp> {
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'expense-tracker-e2e-')));
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawnServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    AUTH_EMULATOR_PORT: String(emulatorPort),
    FIREBASE_AUTH_EMULATOR_HOST: '',
  });
  const stop = async () => {
    await terminate(server.child);
    // A data directory the caller gave outlives the server (a journey restarting on it).
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  if (await waitHealthy(baseUrl, server.child)) {
    return { baseUrl, authEmulatorHost: `127.0.0.1:${emulatorPort}`, stop };
  }
  await stop();
  throw new Error(`The app did not start:\n${server.output()}`);
}

/**
 * A second instance of the built app that a journey may stop and start again (an outage), on
 * its own port and database, sharing an Auth emulator that is already running (so it starts in
 * a second or two and identities stay the same across its restarts).
 */
export async function startRestartableApp(
  port: number,
  authEmulatorHost: string,
): Promise<RestartableApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'expense-tracker-e2e-restart-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let server: ReturnType<typeof spawnServer> | null = null;

  const start = async () => {
    server = spawnServer({
      PORT: String(port),
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost,
    });
    if (!(await waitHealthy(baseUrl, server.child))) {
      const output = server.output();
      await terminate(server.child);
      throw new Error(`The app did not start:\n${output}`);
    }
  };
  const halt = async () => {
    if (server) await terminate(server.child);
    server = null;
  };
  await start();
  return {
    baseUrl,
    authEmulatorHost,
    start,
    halt,
    ensureRunning: async () => {
      if (!server) await start();
    },
    stop: async () => {
      await halt();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
