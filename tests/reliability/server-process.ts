/**
 * Runs the real built server (node dist/server/index.js) as a child process the tests can
 * kill -9 and restart, and makes the fresh PostgreSQL database or PGlite directory it runs on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { appendFileSync, closeSync, existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { ApiClient } from './harness/client.js';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The built server; RELIABILITY_SERVER_ENTRY points at another build (e.g. one outside the repo). */
export const SERVER_ENTRY =
  process.env.RELIABILITY_SERVER_ENTRY || path.join(REPO_ROOT, 'dist/server/index.js');

let workDirPath: string | null = null;

/** A directory for this run's logs and PGlite data, outside the repository. */
export function workDir(): string {
  workDirPath ??= mkdtempSync(path.join(os.tmpdir(), 'expense-tracker-reliability-'));
  return workDirPath;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export type Backend =
  { kind: 'postgres'; databaseUrl: string } | { kind: 'pglite'; dataDir: string };

export interface ServerOptions {
  label: string;
  backend: Backend;
  port: number;
  startTimeoutMs?: number;
  /** More environment for the server (e.g. DATABASE_POOL_SIZE, REDIS_URL); wins over the defaults. */
  env?: Record<string, string>;
  /** Node arguments running another server than the built app (the benchmark's baseline). */
  nodeArgs?: string[];
  /** The path that answers 200 once the server is up. */
  healthPath?: string;
}

/**
 * The server as a child process. NODE_ENV=production: with no Firebase project that turns
 * Firebase sign-in off and skips the Auth emulator, while key-based login keeps working.
 */
export class ServerProcess {
  private child: ChildProcess | null = null;
  private exited: Promise<number | null> = Promise.resolve(null);
  readonly logPath: string;
  starts = 0;

  constructor(private readonly options: ServerOptions) {
    this.logPath = path.join(workDir(), `server-${options.label}.log`);
  }

  get url(): string {
    return `http://127.0.0.1:${this.options.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  private env(): NodeJS.ProcessEnv {
    const { backend } = this.options;
    return {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(this.options.port),
      AUTH_RATE_LIMIT_PER_IP: '1000000',
      AUTH_RATE_LIMIT_PER_EMAIL: '1000000',
      AUTH_FAILURE_LIMIT_PER_IP: '1000000',
      // Load drivers (this harness, npm run bench) run a few users at full speed: the per-user
      // write limit would refuse them.
      WRITE_RATE_LIMIT_PER_USER: '1000000',
      ...(backend.kind === 'postgres'
        ? { DATABASE_URL: backend.databaseUrl }
        : { DATA_DIR: backend.dataDir }),
      ...this.options.env,
    };
  }

  /** Starts the server and waits until its health path answers 200. Returns the start time in ms. */
  async start(): Promise<number> {
    const nodeArgs = this.options.nodeArgs ?? [SERVER_ENTRY];
    if (!this.options.nodeArgs && !existsSync(SERVER_ENTRY)) {
      throw new Error(`${SERVER_ENTRY} is missing: run npm run build first`);
    }
    const began = Date.now();
    this.starts += 1;
    appendFileSync(this.logPath, `\n--- start #${this.starts} at ${new Date().toISOString()}\n`);
    // The child writes its log straight to the file: piping it through this process would cost
    // the load generator's CPU (and the benchmark's figures) for every line.
    const logFd = openSync(this.logPath, 'a');
    const child = spawn(process.execPath, nodeArgs, {
      cwd: REPO_ROOT,
      env: this.env(),
      stdio: ['ignore', logFd, logFd],
    });
    closeSync(logFd);
    this.child = child;
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    let dead = false;
    void this.exited.then(() => (dead = true));

    const api = new ApiClient(this.url, 2_000);
    try {
      const deadline = began + (this.options.startTimeoutMs ?? 60_000);
      while (Date.now() < deadline) {
        if (dead)
          throw new Error(`${this.options.label} server exited during start; see ${this.logPath}`);
        const answer = await api.request('GET', this.options.healthPath ?? '/api/health');
        if (answer.status === 200) return Date.now() - began;
        await sleep(50);
      }
      throw new Error(
        `${this.options.label} server not healthy after start timeout; see ${this.logPath}`,
      );
    } finally {
      api.close();
    }
  }

  /** kill -9: no shutdown hook runs, in-flight requests are cut off. */
  async kill9(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    appendFileSync(
      this.logPath,
      `--- kill -9 of pid ${child.pid} at ${new Date().toISOString()}\n`,
    );
    child.kill('SIGKILL');
    await this.exited;
  }

  /** A graceful stop (SIGTERM), falling back to SIGKILL after 15 s. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await this.exited;
    clearTimeout(timer);
  }
}

/** A new, empty database beside TEST_DATABASE_URL; drop() removes it. */
export async function createFreshDatabase(
  baseUrl: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `et_reliability_${randomBytes(6).toString('hex')}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const sql = postgres(baseUrl, { max: 1, onnotice: () => {} });
      try {
        await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await sql.end();
      }
    },
  };
}

/** A new, empty PGlite data directory; remove() deletes it. */
export function createFreshDataDir(label: string): { dataDir: string; remove(): void } {
  const dataDir = path.join(workDir(), `pglite-${label}-${randomBytes(4).toString('hex')}`);
  return { dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

export function removeWorkDir(): void {
  if (workDirPath) rmSync(workDirPath, { recursive: true, force: true });
  workDirPath = null;
}
