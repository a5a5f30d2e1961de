import { Worker } from 'node:worker_threads';
import { assertLoopback } from './client.js';

/**
 * A latency probe on a thread of its own: one request after another (a pause between them), each
 * timed from when it was due, so a server that stops answering shows however long it stopped.
 * On its own thread because whoever drives the load (key generation for new people, parsing
 * large answers) would otherwise delay the probe's own clock and blame the server for it.
 */

export interface ProbeRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
  /** A fresh Idempotency-Key on every request. */
  freshKey?: boolean;
}

/** What a probe saw: latencies of good answers, and a line per failure (failures count as Infinity). */
export interface ProbeResult {
  latencies: number[];
  failures: string[];
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { randomUUID } = require('node:crypto');
const { url, request, pauseMs } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const latencies = [];
const failures = [];
let running = true;
parentPort.on('message', () => { running = false; });
function once() {
  return new Promise((resolve) => {
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const headers = { accept: 'application/json', ...(request.headers || {}) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (request.freshKey) headers['idempotency-key'] = randomUUID();
    const target = new URL(request.path, url);
    const req = http.request({ host: target.hostname, port: target.port, method: request.method,
      path: target.pathname + target.search, headers, agent, timeout: 30000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? null : 'status ' + res.statusCode));
    });
    req.on('timeout', () => req.destroy(new Error('TIMEOUT')));
    req.on('error', (error) => resolve(error.code || error.message));
    req.end(body);
  });
}
(async () => {
  let due = performance.now();
  while (running) {
    const failure = await once();
    const ms = performance.now() - due;
    if (failure === null) latencies.push(ms);
    else { latencies.push(Infinity); failures.push(failure); }
    due += pauseMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    else due = performance.now();
  }
  agent.destroy();
  parentPort.postMessage({ latencies, failures });
})();
`;

export class Probe {
  private readonly worker: Worker;
  private readonly result: Promise<ProbeResult>;

  constructor(baseUrl: string, request: ProbeRequest, pauseMs = 20) {
    assertLoopback(baseUrl);
    this.worker = new Worker(WORKER, {
      eval: true,
      workerData: { url: baseUrl, request, pauseMs },
    });
    this.result = new Promise((resolve, reject) => {
      this.worker.once('message', (result: ProbeResult) => resolve(result));
      this.worker.once('error', reject);
    });
  }

  /** Stops after the request in flight and returns everything it saw. */
  async stop(): Promise<ProbeResult> {
    this.worker.postMessage('stop');
    const result = await this.result;
    await this.worker.terminate();
    return result;
  }
}
