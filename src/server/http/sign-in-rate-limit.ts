import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { sendError } from './error-reply.js';

export interface SignInRateLimits {
  perIpPerMinute: number;
  perEmailPerMinute: number;
  /** Counters live here when set, so every instance shares them. */
  redisUrl?: string | undefined;
}

const REST_PREFIXES = ['/api/auth/', '/api/key-auth/'];
const TRPC_ROUTERS = ['auth.', 'keyAuth.'];

/** Sign-in routes through either door: REST paths, or tRPC procedures of those routers. */
function isSignInRequest(req: FastifyRequest): boolean {
  const route = req.routeOptions.url ?? '';
  if (REST_PREFIXES.some((prefix) => route.startsWith(prefix))) return true;
  if (!route.startsWith('/trpc/')) return false;
  const procedures = String((req.params as { path?: string }).path ?? '').split(',');
  return procedures.some((name) => TRPC_ROUTERS.some((prefix) => name.startsWith(prefix)));
}

/** The email a request is about, from a REST body, a tRPC body or a tRPC batch body. */
function emailOf(req: FastifyRequest): string | null {
  const body = req.body;
  if (typeof body !== 'object' || body === null) return null;
  const candidates = [body, ...Object.values(body)];
  for (const candidate of candidates) {
    const email = (candidate as { email?: unknown } | null)?.email;
    if (typeof email === 'string' && email.trim()) return email.trim().toLowerCase();
  }
  return null;
}

/**
 * Limits sign-in attempts per IP address and, where the request names one, per email address,
 * so neither one machine nor a botnet aimed at one account can guess at will.
 */
export async function installSignInRateLimits(
  app: FastifyInstance,
  limits: SignInRateLimits,
): Promise<void> {
  const redis = limits.redisUrl
    ? new Redis(limits.redisUrl, {
        maxRetriesPerRequest: 1,
        connectTimeout: 1000,
        lazyConnect: false,
      })
    : undefined;
  if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  await app.register(rateLimit, {
    global: false,
    timeWindow: 60_000,
    ...(redis && { redis, nameSpace: 'expense-tracker-rl:' }),
  });
  const perIp = app.createRateLimit({
    max: limits.perIpPerMinute,
    keyGenerator: (req) => `ip:${req.ip}`,
  });
  const perEmail = app.createRateLimit({
    max: limits.perEmailPerMinute,
    keyGenerator: (req) => `email:${emailOf(req) ?? ''}`,
  });

  app.addHook('preHandler', async (req, reply) => {
    if (!isSignInRequest(req)) return;
    const checks = [await perIp(req)];
    if (emailOf(req)) checks.push(await perEmail(req));
    const exceeded = checks.find((limit) => !limit.isAllowed && limit.isExceeded);
    if (exceeded && !exceeded.isAllowed) {
      reply.header('retry-after', String(exceeded.ttlInSeconds));
      return sendError(reply, 429, {
        code: 'TOO_MANY_REQUESTS',
        message: `Too many sign-in attempts. Try again in ${exceeded.ttlInSeconds} seconds.`,
      });
    }
  });
}
