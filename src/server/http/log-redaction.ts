import type { FastifyServerOptions } from 'fastify';

/**
 * Nothing secret is logged (docs/security.md#logs). Request bodies are never logged (Fastify's
 * default, kept), and on top of that:
 * - these header and field names are censored wherever a log line carries them (pino redact);
 * - the logged URL of a /trpc request is its path only (GET inputs travel in ?input=...), and
 *   secret-looking query parameters of other URLs are censored;
 * - a logged error keeps its type, message, stack, code and a few diagnostic fields, never the
 *   request body, query parameters or failing row a driver or library may attach to it.
 */
export const CENSOR = '[REDACTED]';

/** Field names whose values are secrets wherever they appear. */
export const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'set-cookie',
  'idToken',
  'token',
  'signature',
  'publicKey',
  'privateKey',
  'password',
] as const;

const SECRET_FIELD_SET = new Set(SECRET_FIELDS.map((name) => name.toLowerCase()));

function pathOf(prefix: string, name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? `${prefix}.${name}` : `${prefix}["${name}"]`;
}

/** Paths for pino's redact: the headers by name, and secret fields up to three levels deep. */
export const REDACT_PATHS: string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((name) => [
    pathOf('', name).replace(/^\./, ''),
    pathOf('*', name),
    pathOf('*.*', name),
    pathOf('*.*.*', name),
  ]),
];

/** Query parameters censored in logged URLs (names compared case-insensitively). */
const SECRET_QUERY_PARAM = /token|signature|key|password|secret|auth|code|input|credential/i;
const MAX_LOGGED_URL = 1024;

function isTrpcPath(pathname: string): boolean {
  return pathname === '/trpc' || pathname.startsWith('/trpc/');
}

/**
 * The URL as it may be logged. /trpc requests keep the path (which names the procedures) and lose
 * the query string; other URLs keep their query with secret-looking parameter values censored.
 */
export function loggableUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  let safe: string;
  if (!query) {
    safe = pathname;
  } else if (isTrpcPath(pathname)) {
    safe = `${pathname}?${CENSOR}`;
  } else {
    const params = query.split('&').map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq === -1 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed name is logged as sent; its value is still judged by the raw name.
      }
      return eq !== -1 && SECRET_QUERY_PARAM.test(name) ? `${rawName}=${CENSOR}` : pair;
    });
    safe = `${pathname}?${params.join('&')}`;
  }
  return safe.length > MAX_LOGGED_URL ? `${safe.slice(0, MAX_LOGGED_URL)}…` : safe;
}

interface LoggedRequest {
  method?: string | undefined;
  url?: string | undefined;
  headers?: Record<string, string | string[] | undefined> | undefined;
  host?: string | undefined;
  ip?: string | undefined;
  socket?: { remotePort?: number | undefined } | null | undefined;
}

/** Fastify's own request serializer, with the URL made safe. No headers, no body. */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: loggableUrl(req.url),
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}

/** Error fields worth logging; everything else a library attached (bodies, params, rows) is dropped. */
const ERROR_FIELDS = new Set([
  'type',
  'message',
  'stack',
  'name',
  'code',
  'statusCode',
  'status',
  'severity',
  'errno',
  'syscall',
  'routine',
  'schema',
  'table',
  'column',
  'constraint',
  'query',
  'aggregateErrors',
]);

/** Secret-shaped text that may sit in a message or stack: PEM blocks, bearer tokens, JWTs. */
const SECRET_TEXT: [RegExp, string][] = [
  [/-----BEGIN [A-Z0-9 ]+-----[\s\S]*?(-----END [A-Z0-9 ]+-----|$)/g, '[REDACTED PEM]'],
  [/\bBearer\s+[^\s"',;]+/gi, `Bearer ${CENSOR}`],
  [/\beyJ[A-Za-z0-9_-]{4,}(\.[A-Za-z0-9_-]*){0,2}/g, CENSOR],
];

function scrubText(text: string): string {
  return SECRET_TEXT.reduce(
    (acc, [pattern, replacement]) => acc.replace(pattern, replacement),
    text,
  );
}

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth > 4) return '[Object]';
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_FIELD_SET.has(key.toLowerCase()) ? CENSOR : scrubValue(item, depth + 1),
    ]),
  );
}

function causesOf(error: Error): Error[] {
  const causes: Error[] = [];
  let cause: unknown = error.cause;
  while (cause instanceof Error && causes.length < 5 && !causes.includes(cause)) {
    causes.push(cause);
    cause = cause.cause;
  }
  return causes;
}

function pickErrorFields(error: object): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (!ERROR_FIELDS.has(key)) continue;
    fields[key] =
      key === 'aggregateErrors' && Array.isArray(value)
        ? value.map((item: unknown) => serializeError(item))
        : scrubValue(value, 0);
  }
  return fields;
}

/**
 * Like pino's error serializer (type, message and stack, each with the cause chain), but keeping
 * only ERROR_FIELDS of what is attached to the error, and scrubbing secret-shaped text.
 */
export function serializeError(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return scrubValue(error, 0);
  if (!(error instanceof Error)) return pickErrorFields(error);
  const causes = causesOf(error);
  const fields = pickErrorFields(error);
  return {
    ...fields,
    type: error.constructor.name,
    message: scrubText([error, ...causes].map((e) => e.message).join(': ')),
    stack: scrubText(
      [error.stack ?? '', ...causes.map((e) => `caused by: ${e.stack ?? e.message}`)].join('\n'),
    ),
    ...(error instanceof AggregateError && {
      aggregateErrors: error.errors.map((item: unknown) => serializeError(item)),
    }),
  };
}

type LoggerOption = FastifyServerOptions['logger'];

/**
 * The logger options buildApp gives Fastify: whatever the caller set (level, stream, ...) plus the
 * redaction and serializers above, which a caller cannot switch off.
 */
export function withLogRedaction(logger: LoggerOption): LoggerOption {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  const given = options.redact;
  const givenPaths = Array.isArray(given) ? given : (given?.paths ?? []);
  return {
    ...options,
    redact: { paths: [...new Set([...REDACT_PATHS, ...givenPaths])], censor: CENSOR },
    serializers: {
      ...options.serializers,
      req: serializeRequest as never,
      err: serializeError as never,
    },
  };
}
