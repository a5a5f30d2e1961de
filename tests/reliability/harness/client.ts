import http from 'node:http';

/** What one HTTP attempt produced. `status` is null when no answer came back at all. */
export interface HttpAnswer {
  status: number | null;
  bodyText: string;
  json: unknown;
  /** The server said this answer is a stored one (`Idempotent-Replayed: true`). */
  replayed: boolean;
  /** Why there is no answer: a socket error code (ECONNREFUSED, ECONNRESET...) or TIMEOUT. */
  error: string | null;
  ms: number;
}

export interface RequestOptions {
  token?: string | undefined;
  body?: unknown;
  idempotencyKey?: string | undefined;
  /** More request headers (e.g. `x-book-id`, the book a call works on). */
  headers?: Record<string, string> | undefined;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The harness only ever targets this machine. */
export function assertLoopback(baseUrl: string): URL {
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' || !LOOPBACK_HOSTS.has(url.hostname)) {
    throw new Error(`Refusing to target ${baseUrl}: only http://127.0.0.1 (loopback) is allowed`);
  }
  return url;
}

function errorCode(error: unknown): string {
  if (error && typeof error === 'object') {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (typeof code === 'string') return code;
    if (typeof message === 'string') return message;
  }
  return String(error);
}

/** A minimal JSON-over-HTTP client with keep-alive connections and a per-request timeout. */
export class ApiClient {
  private readonly url: URL;
  private readonly agent: http.Agent;

  constructor(
    baseUrl: string,
    private readonly timeoutMs = 15_000,
  ) {
    this.url = assertLoopback(baseUrl);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  }

  get baseUrl(): string {
    return this.url.origin;
  }

  request(method: string, path: string, options: RequestOptions = {}): Promise<HttpAnswer> {
    const started = performance.now();
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    if (options.headers) Object.assign(headers, options.headers);

    return new Promise<HttpAnswer>((resolve) => {
      let settled = false;
      const finish = (answer: Omit<HttpAnswer, 'ms'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...answer, ms: performance.now() - started });
      };
      const noAnswer = (error: string) =>
        finish({ status: null, bodyText: '', json: undefined, replayed: false, error });

      const req = http.request(
        {
          host: this.url.hostname.replace(/^\[|\]$/g, ''),
          port: this.url.port || 80,
          method,
          path,
          headers,
          agent: this.agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', (error) => noAnswer(errorCode(error)));
          res.on('end', () => {
            const bodyText = Buffer.concat(chunks).toString('utf8');
            let json: unknown;
            try {
              json = bodyText ? JSON.parse(bodyText) : undefined;
            } catch {
              json = undefined;
            }
            finish({
              status: res.statusCode ?? null,
              bodyText,
              json,
              replayed: String(res.headers['idempotent-replayed'] ?? '').toLowerCase() === 'true',
              error: null,
            });
          });
        },
      );
      const timer = setTimeout(() => {
        noAnswer('TIMEOUT');
        req.destroy(new Error('TIMEOUT'));
      }, this.timeoutMs);
      req.on('error', (error) => noAnswer(errorCode(error)));
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** The `data` of a success envelope, or undefined. */
export function dataOf<T>(answer: HttpAnswer): T | undefined {
  const body = answer.json as { success?: unknown; data?: unknown } | undefined;
  return body?.success === true ? (body.data as T) : undefined;
}

/** The `code` of an error envelope, or undefined. */
export function errorCodeOf(answer: HttpAnswer): string | undefined {
  const body = answer.json as { code?: unknown } | undefined;
  return typeof body?.code === 'string' ? body.code : undefined;
}

/** The `data` of a success envelope kept as text (a recorded attempt), or undefined. */
export function dataOfText<T>(bodyText: string): T | undefined {
  try {
    const body = JSON.parse(bodyText) as { success?: unknown; data?: unknown };
    return body.success === true ? (body.data as T) : undefined;
  } catch {
    return undefined;
  }
}
