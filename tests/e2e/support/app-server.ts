import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');

export interface RunningApp {
  baseUrl: string;
  authEmulatorHost: string;
  stop(): Promise<void>;
}

/**
 * The built app as `npm start` runs it: real server, embedded database in a fresh directory,
 * demo mode with its own Auth emulator.
 */
export async function startBuiltApp(port: number, emulatorPort: number): Promise<RunningApp> {
  const entry = path.join(root, 'dist/server/index.js');
  if (!existsSync(entry) || !existsSync(path.join(root, 'dist/client/index.html'))) {
    throw new Error('Browser tests need the built app: run `npm run build` first (npm test does).');
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'expense-tracker-e2e-'));
  const child: ChildProcess = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      AUTH_EMULATOR_PORT: String(emulatorPort),
      LOG_LEVEL: 'warn',
      // Every journey signs in from 127.0.0.1; the limits themselves are tested in integration.
      AUTH_RATE_LIMIT_PER_IP: '100000',
      AUTH_RATE_LIMIT_PER_EMAIL: '100000',
      DATABASE_URL: '',
      FIREBASE_PROJECT_ID: '',
      FIREBASE_AUTH_EMULATOR_HOST: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000)));

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) {
        return { baseUrl, authEmulatorHost: `127.0.0.1:${emulatorPort}`, stop };
      }
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await stop();
  throw new Error(`The app did not start:\n${output}`);
}
