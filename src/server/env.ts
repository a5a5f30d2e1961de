import { z } from 'zod';

const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** true/false (also 1/0, yes/no, on/off), any case. */
const flag = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(
    z.enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
      error: 'must be true or false',
    }),
  )
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

/** Every setting the server reads, validated once at start. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Directory of the embedded database. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** A session unused for this long ends (default 2 days). */
  SESSION_IDLE_TIMEOUT_SECONDS: seconds(2 * 24 * 3600),
  /** A session ends this long after sign-in whatever its use (default 14 days). */
  SESSION_MAX_AGE_SECONDS: seconds(14 * 24 * 3600),
  /**
   * Demo mode: sign-in runs on a Firebase Auth emulator (started with the app, or the one at
   * FIREBASE_AUTH_EMULATOR_HOST), whose ID tokens are unsigned. Off unless set, except that
   * `npm start` (`--demo`) turns it on when no Firebase project is configured.
   */
  DEMO_MODE: flag.optional(),
  /** Demo mode listens on a loopback address only, unless this is true. */
  DEMO_MODE_ALLOW_NON_LOOPBACK: flag.default(false),
  /** A real Firebase project (Google, GitHub and email sign-in through Firebase Auth). */
  FIREBASE_PROJECT_ID: z.string().min(1).optional(),
  FIREBASE_API_KEY: z.string().min(1).optional(),
  FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
  /** Service-account JSON (the file's content); otherwise Google application default credentials. */
  FIREBASE_SERVICE_ACCOUNT_JSON: z.string().min(1).optional(),
  /** host:port of an Auth emulator you run yourself, for demo mode. Its tokens are unsigned. */
  FIREBASE_AUTH_EMULATOR_HOST: z.string().min(1).optional(),
  /** Port of the Auth emulator that demo mode starts when no emulator host is given. */
  AUTH_EMULATOR_PORT: z.coerce.number().int().min(1).max(65535).default(9099),
  /** Shares rate-limit counters between instances; in memory when unset. */
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  /** Calls of sign-in procedures (either door, each call of a batch) per minute from one IP address. */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  /** Failed sign-ins per minute naming one email from one IP address (not from anywhere). */
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  /** Failed sign-ins per minute from one IP address, whatever the email. */
  AUTH_FAILURE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Changes (every mutation) per minute of one signed-in user; beyond: 429 with Retry-After. */
  WRITE_RATE_LIMIT_PER_USER: z.coerce.number().int().min(1).default(300),
  /**
   * Exports (the CSV of a view and the full export, together) one user may start per minute;
   * beyond: 429 with Retry-After. Each user runs one export at a time whatever this says.
   */
  EXPORT_RATE_LIMIT_PER_USER: z.coerce.number().int().min(1).default(10),
  /**
   * Exports running at once on one instance (CSV and full together); more answer 429. Unset:
   * 4, or DATABASE_POOL_SIZE - 1 when that is smaller (exportsPerInstance). Must stay below
   * DATABASE_POOL_SIZE on PostgreSQL, so exports can never take every connection.
   */
  EXPORTS_PER_INSTANCE: z.coerce.number().int().min(1).max(200).optional(),
  /** Full exports (GET /api/book/export: a whole book in memory) running at once on one instance. */
  FULL_EXPORTS_PER_INSTANCE: z.coerce.number().int().min(1).max(200).default(1),
  /**
   * The longest a CSV export may take, from its first byte to its last: a download still
   * running then is cut (the connection closed), so a client reading slowly cannot hold an
   * export slot for ever.
   */
  EXPORT_MAX_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
  /** Analytics requests (each chart, the dashboard's figures) per minute of one user. */
  ANALYTICS_RATE_LIMIT_PER_USER: z.coerce.number().int().min(1).default(240),
  /**
   * Analytics requests of one user running at once; one more waits up to a few seconds for
   * another to end, then answers 429. The analytics page asks for 5 charts at once.
   */
  ANALYTICS_CONCURRENCY_PER_USER: z.coerce.number().int().min(1).max(100).default(6),
  /** Live connections (docs/live-updates.md) one instance keeps open at once; more answer 503. */
  LIVE_CONNECTIONS_PER_INSTANCE: z.coerce.number().int().min(1).max(100_000).default(2000),
  /** Live connections one user keeps open at once (one per tab); more answer 429. */
  LIVE_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).max(1000).default(20),
  /**
   * A live connection checks its session and membership again this often, besides at once when
   * the book's members change; a failed check ends it.
   */
  LIVE_RECHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * A session of a Firebase user re-checks that user (disabled, deleted, tokens revoked) at most
   * this often while in use; a failed check ends it.
   */
  FIREBASE_RECHECK_SECONDS: seconds(300),
  /**
   * The address people open this app at (https://expenses.example.com), put before links sent by
   * email. Unset: links are relative, which suits only the demo mailbox.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /**
   * Behind a load balancer or reverse proxy: which hop's X-Forwarded-For to believe for the
   * client's IP (per-IP sign-in limits, logs). "false" (default) trusts none; "true" trusts all
   * (only when nothing can reach the app but the proxy); a number trusts that many hops; else
   * comma-separated proxy addresses or CIDR ranges.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): boolean | number | string[] => {
      const text = value.trim();
      if (text === '' || text === 'false') return false;
      if (text === 'true') return true;
      if (/^\d+$/.test(text)) return Number(text);
      const addresses = text.split(',').map((item) => item.trim());
      const address = /^[0-9a-fA-F:.]+(\/\d{1,3})?$/;
      const bad = addresses.find((item) => !address.test(item));
      if (bad !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: `"${bad}" is not true, false, a hop count, or an IP address or CIDR range`,
        });
        return z.NEVER;
      }
      return addresses;
    }),
  /**
   * An online exchange-rate provider speaking the Frankfurter API (docs/rates.md#an-online-provider):
   * its base URL, e.g. https://api.frankfurter.dev (`/v1/latest?base=EUR` is added). Unset (the
   * default): no rate is ever fetched.
   */
  RATES_PROVIDER_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  /** Minutes between two fetches of the provider (default 6 hours). */
  RATES_PROVIDER_INTERVAL_MINUTES: z.coerce.number().int().min(5).max(10_080).default(360),
  /** The longest one attempt to fetch the provider may take, in seconds. */
  RATES_PROVIDER_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
  /** Largest request body accepted, in bytes. */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(65_536),
  /**
   * A request's headers and whole body must arrive within this many seconds of the connection's
   * first byte (or of the previous request on it); later ones get 408 and the connection closes.
   */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** A connection with no traffic either way for this long, mid-request, is closed. */
  CONNECTION_IDLE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  /**
   * Origins (scheme://host[:port], comma-separated) whose pages may call the API cross-origin.
   * Empty by default: no Access-Control-Allow-Origin for anyone; the web app is same-origin.
   */
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const origins: string[] = [];
      for (const entry of value.split(',').map((item) => item.trim())) {
        if (!entry) continue;
        let origin: string | null = null;
        try {
          const url = new URL(entry);
          const bare =
            (url.protocol === 'http:' || url.protocol === 'https:') &&
            url.pathname === '/' &&
            !url.search &&
            !url.hash &&
            !url.username &&
            !url.password &&
            !entry.includes('*');
          // Exactly an origin; case and a default port are normalised as browsers send them.
          if (bare) origin = url.origin;
        } catch {
          origin = null;
        }
        if (!origin) {
          ctx.addIssue({
            code: 'custom',
            message: `"${entry}" is not an origin like https://app.example.com (comma-separated, no path, no wildcard)`,
          });
          return z.NEVER;
        }
        origins.push(origin);
      }
      return origins;
    }),
});

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

export interface LoadEnvOptions {
  /**
   * Demo mode unless DEMO_MODE says otherwise, a Firebase project is configured or
   * NODE_ENV=production: what `npm start` asks for (src/server/index.ts --demo).
   */
  demoByDefault?: boolean;
}

/** Addresses only this machine can reach: demo mode listens on nothing else unless forced. */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return (
    bare === 'localhost' ||
    bare === '::1' ||
    /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare)
  );
}

/** Exports an instance runs at once: as configured, else 4, always below the pool size. */
export function exportsPerInstance(
  env: Pick<Env, 'EXPORTS_PER_INSTANCE' | 'DATABASE_POOL_SIZE'>,
): number {
  return env.EXPORTS_PER_INSTANCE ?? Math.max(1, Math.min(4, env.DATABASE_POOL_SIZE - 1));
}

function refuse(variable: string, message: string): never {
  throw new EnvError(`Invalid configuration:\n  ${variable}: ${message}`);
}

/**
 * Whether the server runs in demo mode, refusing the combinations that would accept unsigned
 * Auth-emulator tokens where they do not belong (docs/security-hardening.md).
 */
function resolveDemoMode(env: Env, options: LoadEnvOptions): boolean {
  const demo =
    env.DEMO_MODE ??
    (options.demoByDefault === true && !env.FIREBASE_PROJECT_ID && env.NODE_ENV !== 'production');
  if (!demo) {
    if (env.FIREBASE_AUTH_EMULATOR_HOST) {
      refuse(
        'FIREBASE_AUTH_EMULATOR_HOST',
        'an Auth emulator is only for demo mode (set DEMO_MODE=true): its ID tokens are unsigned',
      );
    }
    return false;
  }
  // firebase-admin accepts forged, unsigned tokens when pointed at an emulator.
  if (env.NODE_ENV === 'production') {
    refuse(
      env.FIREBASE_AUTH_EMULATOR_HOST ? 'FIREBASE_AUTH_EMULATOR_HOST' : 'DEMO_MODE',
      'demo mode (the Auth emulator, whose ID tokens are unsigned) must not be on when NODE_ENV=production',
    );
  }
  if (env.FIREBASE_PROJECT_ID) {
    refuse(
      'DEMO_MODE',
      'demo mode runs on the Auth emulator, not on the Firebase project in FIREBASE_PROJECT_ID: choose one',
    );
  }
  if (!isLoopbackHost(env.HOST) && !env.DEMO_MODE_ALLOW_NON_LOOPBACK) {
    refuse(
      'HOST',
      `demo mode accepts unsigned sign-in tokens, so it listens only on a loopback address ` +
        `(127.0.0.1, localhost, ::1), not on ${env.HOST}. Set DEMO_MODE_ALLOW_NON_LOOPBACK=true ` +
        'to expose it anyway, or turn demo mode off (DEMO_MODE=false)',
    );
  }
  return true;
}

/** Parses the environment, naming each bad variable in the thrown message. */
export function loadEnv(
  source: NodeJS.ProcessEnv = process.env,
  options: LoadEnvOptions = {},
): Env & { DEMO_MODE: boolean } {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  // Exports read in short statements, but a pool they could fill would still stall everyone.
  if (
    env.DATABASE_URL &&
    env.EXPORTS_PER_INSTANCE !== undefined &&
    env.DATABASE_POOL_SIZE > 1 &&
    env.EXPORTS_PER_INSTANCE >= env.DATABASE_POOL_SIZE
  ) {
    refuse(
      'EXPORTS_PER_INSTANCE',
      `must be below DATABASE_POOL_SIZE (${env.DATABASE_POOL_SIZE}), so exports always leave ` +
        'a connection for everything else',
    );
  }
  return { ...env, DEMO_MODE: resolveDemoMode(env, options) };
}
