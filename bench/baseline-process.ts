/** Starts bench/baseline-server.ts as its own Node process and waits until it answers. */
import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, workDir } from '../tests/reliability/server-process.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class BaselineProcess {
  private child: ChildProcess | null = null;
  readonly logPath = path.join(workDir(), 'baseline.log');

  constructor(
    private readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(REPO_ROOT, 'bench/baseline-server.ts')],
      {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(this.port), ...this.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => appendFileSync(this.logPath, chunk));
    child.stderr?.on('data', (chunk: Buffer) => appendFileSync(this.logPath, chunk));
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) break;
      const ok = await fetch(`${this.url}/bare`).then(
        (res) => res.ok,
        () => false,
      );
      if (ok) return;
      await sleep(100);
    }
    throw new Error(`The baseline server did not start; see ${this.logPath}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}
