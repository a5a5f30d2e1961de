/**
 * The two limits the app's figures are compared with, in one process on the app's own stack
 * (Fastify and postgres.js with the same pool size):
 * - GET /minimal/account: the authenticated account list written by hand with the fewest
 *   queries (one session lookup, one account list), no tRPC, no validation, no middleware;
 * - GET /bare: a constant JSON answer, the HTTP ceiling of one Node process.
 * Started by bench/run.ts with DATABASE_URL, DATABASE_POOL_SIZE, HOST and PORT.
 */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import postgres from 'postgres';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');

const sql = postgres(databaseUrl, {
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  onnotice: () => {},
});
const app = Fastify({ logger: false });

app.get('/bare', async () => ({ success: true, message: 'ok', data: { hello: 'world' } }));

app.get('/minimal/account', async (req, reply) => {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
  if (!token) return reply.code(401).send({ success: false, message: 'Unauthorized' });
  const tokenHash = createHash('sha256').update(token).digest('hex');
  // The session's user and their personal book through the membership, as the app reads it.
  const [session] = await sql<{ book_id: string | null }[]>`
    SELECT (SELECT m.book_id FROM memberships m
            WHERE m.user_id = s.user_id
              AND m.book_id = (SELECT b.id FROM books b WHERE b.personal_owner_id = s.user_id)
           ) AS book_id
    FROM sessions s
    WHERE s.token_hash = ${tokenHash} AND s.revoked_at IS NULL AND s.expires_at > now()`;
  if (!session?.book_id) return reply.code(401).send({ success: false, message: 'Unauthorized' });
  const rows = await sql<
    {
      id: string;
      title: string;
      description: string;
      icon: string;
      color: string;
      account_type: string;
      currency: string;
      balance_cents: string;
      credit_limit_cents: string;
      created_at: Date;
      updated_at: Date;
    }[]
  >`
    SELECT id, title, description, icon, color, account_type, currency, balance_cents,
           credit_limit_cents, created_at, updated_at
    FROM accounts WHERE book_id = ${session.book_id} AND deleted_at IS NULL
    ORDER BY created_at DESC, id DESC`;
  return {
    success: true,
    data: rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      icon: row.icon,
      color: row.color,
      type: row.account_type,
      currency: row.currency,
      // The bench's accounts are all USD: two decimals, as the app's exponent lookup gives.
      balance: Number(row.balance_cents) / 100,
      creditLimit: Number(row.credit_limit_cents) / 100,
      available: (Number(row.balance_cents) + Number(row.credit_limit_cents)) / 100,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    })),
  };
});

await app.listen({
  host: process.env.HOST ?? '127.0.0.1',
  port: Number(process.env.PORT ?? 0),
});

async function shutDown() {
  await app.close();
  await sql.end({ timeout: 5 });
  process.exit(0);
}
process.once('SIGTERM', () => void shutDown());
process.once('SIGINT', () => void shutDown());
