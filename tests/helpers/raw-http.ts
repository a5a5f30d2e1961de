import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** What came back on a raw connection: the parsed answer, if any, and when the server closed. */
export interface RawAnswer {
  status: number | null;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from opening the connection until the server closed it; null if it did not. */
  closedAfterMs: number | null;
}

/** A TCP connection driven by hand: for requests no HTTP client would send (stalled, huge). */
export interface RawConnection {
  write(text: string | Buffer): void;
  /** Writes `chunk` every `everyMs` until the connection closes or stop() is called. */
  keepWriting(chunk: string | Buffer, everyMs: number): void;
  stop(): void;
  /** Resolves once the server has closed the connection, or after `waitMs` (then closes it). */
  answer(waitMs: number): Promise<RawAnswer>;
}

function parse(raw: string): Pick<RawAnswer, 'status' | 'headers' | 'body'> {
  const end = raw.indexOf('\r\n\r\n');
  if (end === -1) return { status: null, headers: {}, body: '' };
  const [statusLine = '', ...lines] = raw.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? Number.NaN);
  return { status: Number.isNaN(status) ? null : status, headers, body: raw.slice(end + 4) };
}

export function connect(port: number): RawConnection {
  const opened = Date.now();
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let closedAfterMs: number | null = null;
  let writer: NodeJS.Timeout | undefined;
  const closed = new Promise<void>((resolve) => {
    socket.on('close', () => {
      closedAfterMs = Date.now() - opened;
      clearInterval(writer);
      resolve();
    });
  });
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  // The server may close while we are still writing: that is what several tests wait for.
  socket.on('error', () => {});
  const write = (text: string | Buffer) => {
    if (!socket.destroyed && socket.writable) socket.write(text);
  };
  return {
    write,
    keepWriting(chunk, everyMs) {
      writer = setInterval(() => write(chunk), everyMs);
    },
    stop: () => clearInterval(writer),
    async answer(waitMs) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        closed,
        new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs))),
      ]);
      clearTimeout(timer);
      clearInterval(writer);
      const result = { ...parse(received), closedAfterMs };
      socket.destroy();
      return result;
    },
  };
}

/** Listens on a free port of 127.0.0.1 and returns it. */
export async function listenOnFreePort(app: FastifyInstance): Promise<number> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as AddressInfo).port;
}

/** A request's head as bytes: request line, Host, the given headers, the blank line. */
export function head(requestLine: string, headers: Record<string, string | number> = {}): string {
  const lines = Object.entries({ host: '127.0.0.1', ...headers }).map(([k, v]) => `${k}: ${v}`);
  return `${requestLine}\r\n${lines.join('\r\n')}\r\n\r\n`;
}
