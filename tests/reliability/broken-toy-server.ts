/**
 * A deliberately BROKEN toy server: the negative control of the reliability harness.
 *
 * It speaks just enough of the Expense Tracker API for the harness (key-auth that accepts any
 * signature, accounts, deposit, withdraw, expense) with in-memory state, and has the two classic
 * bugs the real server must not have:
 *
 *  1. Balances are changed by read-modify-write across an await, with no lock: a deposit reads
 *     the balance, awaits fake I/O, then writes `balance read + amount` (concurrent deposits are
 *     lost); a withdrawal checks the funds on a stale read, awaits, then debits (overdrafts).
 *  2. Idempotency is recorded after the effect and outside any transaction: a duplicate that
 *     arrives while the first is still running finds no record and applies the effect again.
 *
 * Pointed at it, the harness must report violations; if it reports none, the harness is broken.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LedgerReader } from './harness/ledger-reader.js';
import type { MovementKind } from './harness/operations.js';

interface ToyAccount {
  id: string;
  userId: string;
  title: string;
  description: string;
  icon: string;
  color: string;
  balanceCents: bigint;
  createdAt: string;
}

interface ToyRow {
  id: string;
  userId: string;
  accountId: string | null;
  type: MovementKind;
  amountCents: bigint;
  description: string;
  createdAt: string;
}

interface Reply {
  status: number;
  body: unknown;
}

export interface ToyServer {
  url: string;
  ledgerReader: LedgerReader;
  close(): Promise<void>;
}

/** Fake I/O: yields to the event loop, as a database round trip would. */
const fakeIo = () =>
  new Promise<void>((resolve) => setTimeout(resolve, Math.random() < 0.5 ? 0 : 1));

const ok = (body: object): Reply => ({ status: 200, body: { success: true, ...body } });
const fail = (status: number, code: string, message: string): Reply => ({
  status,
  body: { success: false, message, code, requestId: randomUUID() },
});

/** A body field as text; anything but a string gets the fallback. */
const text = (value: unknown, fallback: string): string =>
  typeof value === 'string' ? value : fallback;

function accountDto(a: ToyAccount) {
  return {
    id: a.id,
    title: a.title,
    description: a.description,
    icon: a.icon,
    color: a.color,
    balance: Number(a.balanceCents) / 100,
    createdAt: a.createdAt,
    updatedAt: new Date().toISOString(),
  };
}

function rowDto(r: ToyRow) {
  return {
    id: r.id,
    description: r.description,
    amount: Number(r.amountCents) / 100,
    accountId: r.accountId,
    transactionType: r.type,
    createdAt: r.createdAt,
    updatedAt: r.createdAt,
  };
}

class ToyState {
  readonly usersByEmail = new Map<string, string>();
  readonly sessions = new Map<string, { userId: string; email: string }>();
  readonly accounts = new Map<string, ToyAccount>();
  readonly rows: ToyRow[] = [];
  readonly idempotency = new Map<string, Reply>();

  userFor(email: string): string {
    let id = this.usersByEmail.get(email);
    if (!id) {
      id = randomUUID();
      this.usersByEmail.set(email, id);
    }
    return id;
  }

  /** BUG 2: looks the key up, runs the effect, and only then records it. */
  async idempotent(userId: string, key: string | undefined, run: () => Promise<Reply>) {
    const id = key ? `${userId}:${key}` : undefined;
    const stored = id ? this.idempotency.get(id) : undefined;
    if (stored) return { ...stored, replayed: true };
    const reply = await run();
    if (id) this.idempotency.set(id, reply);
    return { ...reply, replayed: false };
  }

  /** BUG 1: read-modify-write of a balance across an await, with no lock. */
  async move(
    userId: string,
    accountId: string,
    type: MovementKind,
    amount: unknown,
    description: unknown,
  ): Promise<Reply> {
    if (typeof amount !== 'number' || !(amount > 0)) {
      return fail(400, 'VALIDATION_ERROR', 'Amount must be greater than 0');
    }
    const amountCents = BigInt(Math.round(amount * 100));
    const account = this.accounts.get(accountId);
    if (!account || account.userId !== userId) return fail(404, 'NOT_FOUND', 'Account not found');
    const balance = account.balanceCents; // read
    await fakeIo();
    if (type === 'deposit') {
      account.balanceCents = balance + amountCents; // write back a stale value: lost updates
    } else {
      if (balance < amountCents) return fail(422, 'INSUFFICIENT_FUNDS', 'Insufficient funds');
      await fakeIo();
      account.balanceCents -= amountCents; // the check above used a stale balance: overdrafts
    }
    await fakeIo();
    const row: ToyRow = {
      id: randomUUID(),
      userId,
      accountId,
      type,
      amountCents,
      description: typeof description === 'string' ? description : '',
      createdAt: new Date().toISOString(),
    };
    this.rows.push(row);
    return ok({
      message: 'Done',
      data: { account: accountDto(account), transaction: rowDto(row) },
    });
  }
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  const parsed: unknown = JSON.parse(text);
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
}

async function route(
  state: ToyState,
  req: http.IncomingMessage,
): Promise<Reply & { replayed?: boolean }> {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  const method = req.method ?? 'GET';
  const body = method === 'POST' ? await readJson(req) : {};

  if (method === 'GET' && path === '/api/health') return ok({ data: { status: 'ok' } });
  if (method === 'POST' && path === '/api/key-auth/register')
    return ok({ message: 'Registration successful!' });
  if (method === 'POST' && path === '/api/key-auth/challenge') {
    return ok({ data: { challenge: randomBytes(32).toString('base64url') } });
  }
  if (method === 'POST' && path === '/api/key-auth/verify') {
    // Fake: any signature is accepted.
    const email = text(body.email, '');
    const token = randomBytes(32).toString('base64url');
    state.sessions.set(token, { userId: state.userFor(email), email });
    return ok({ data: { token } });
  }

  const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const session = token ? state.sessions.get(token) : undefined;
  if (!session) return fail(401, 'UNAUTHORIZED', 'Please sign in');
  const { userId } = session;
  const key =
    typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined;

  if (method === 'GET' && path === '/api/auth/me') {
    return ok({ data: { id: userId, email: session.email, method: 'key' } });
  }
  if (method === 'GET' && path === '/api/account') {
    const mine = [...state.accounts.values()].filter((a) => a.userId === userId);
    return ok({ data: mine.map(accountDto) });
  }
  if (method === 'POST' && path === '/api/account') {
    return state.idempotent(userId, key, async () => {
      await fakeIo();
      const account: ToyAccount = {
        id: randomUUID(),
        userId,
        title: text(body.title, 'Account'),
        description: text(body.description, ''),
        icon: text(body.icon, 'wallet'),
        color: text(body.color, '#10b981'),
        balanceCents: 0n,
        createdAt: new Date().toISOString(),
      };
      state.accounts.set(account.id, account);
      return ok({ message: 'Account added successfully', data: accountDto(account) });
    });
  }
  const movement = /^\/api\/account\/([^/]+)\/(deposit|withdraw)$/.exec(path);
  if (method === 'POST' && movement) {
    const [, accountId = '', type = 'deposit'] = movement;
    return state.idempotent(userId, key, () =>
      state.move(userId, accountId, type as MovementKind, body.amount, body.description),
    );
  }
  if (method === 'POST' && path === '/api/expenses/expense') {
    return state.idempotent(userId, key, () =>
      state.move(userId, text(body.accountId, ''), 'expense', body.amount, body.description),
    );
  }
  return fail(404, 'NOT_FOUND', `No route for ${method} ${path}`);
}

export async function startBrokenToyServer(): Promise<ToyServer> {
  const state = new ToyState();
  const server = http.createServer((req, res) => {
    route(state, req).then(
      (reply) => {
        res.statusCode = reply.status;
        res.setHeader('content-type', 'application/json; charset=utf-8');
        if (reply.replayed) res.setHeader('idempotent-replayed', 'true');
        res.end(JSON.stringify(reply.body));
      },
      () => {
        res.statusCode = 400;
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(JSON.stringify({ success: false, code: 'BAD_REQUEST', message: 'Bad request' }));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    ledgerReader: {
      name: 'the toy server’s memory',
      read: async ({ userId }) => ({
        source: 'toy memory',
        accounts: [...state.accounts.values()]
          .filter((a) => a.userId === userId)
          .map((a) => ({ id: a.id, balanceCents: a.balanceCents })),
        rows: state.rows
          .filter((r) => r.userId === userId)
          .map((r) => ({
            id: r.id,
            accountId: r.accountId,
            type: r.type,
            amountCents: r.amountCents,
            description: r.description,
          })),
      }),
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
