import { z } from 'zod';

const seconds = (fallback: number) => z.coerce.number().int().positive().default(fallback);

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
  /** A real Firebase project; when unset the app runs in demo mode on the Auth emulator. */
  FIREBASE_PROJECT_ID: z.string().min(1).optional(),
  FIREBASE_API_KEY: z.string().min(1).optional(),
  FIREBASE_AUTH_DOMAIN: z.string().min(1).optional(),
  /** Service-account JSON (the file's content); otherwise Google application default credentials. */
  FIREBASE_SERVICE_ACCOUNT_JSON: z.string().min(1).optional(),
  /** host:port of a running Auth emulator. Never in production: emulator tokens are unsigned. */
  FIREBASE_AUTH_EMULATOR_HOST: z.string().min(1).optional(),
  /** Port of the Auth emulator that demo mode starts when no emulator host is given. */
  AUTH_EMULATOR_PORT: z.coerce.number().int().min(1).max(65535).default(9099),
  /** Shares rate-limit counters between instances; in memory when unset. */
  REDIS_URL: z
    .url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  /** Sign-in attempts (/api/auth/*, /api/key-auth/*) per minute from one IP address. */
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  /** Key-login attempts per minute for one email address, from anywhere. */
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
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
  /** Largest request body accepted, in bytes. */
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_485_760).default(65_536),
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

/** Parses the environment, naming each bad variable in the thrown message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  // Design rule 6: firebase-admin accepts forged, unsigned tokens when pointed at an emulator.
  if (env.NODE_ENV === 'production' && env.FIREBASE_AUTH_EMULATOR_HOST) {
    throw new EnvError(
      'Invalid configuration:\n  FIREBASE_AUTH_EMULATOR_HOST: must not be set when NODE_ENV=production ' +
        '(the emulator accepts unsigned ID tokens)',
    );
  }
  return env;
}
