import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { signInWithNewKey, type Session } from './auth.js';
import { dataOf, errorCodeOf, type ApiClient, type HttpAnswer } from './client.js';
import { plainCsvMapping } from '../../helpers/csv-mapping.js';
import { Probe } from './probe.js';
import { Random } from './random.js';

/**
 * Other people on the same server while the harness's load runs (the "neighbours" scenario of
 * tests/reliability/README.md): each does, again and again, the heavy and hostile things the
 * second outside review did (issue 19): CSV exports it stops reading, full exports, analytics,
 * restores (also repeated and in parallel), rule tests and imports with patterns that backtrack
 * on a JavaScript engine, import reverts. Within the documented limits and past them. Nothing
 * they do may hurt anyone else: no 5xx for anybody, and `/api/health` answers fast throughout.
 */

export interface NeighbourOptions {
  api: ApiClient;
  runId: string;
  seed: number;
  durationMs: number;
  /** People doing the heavy things; each has a book of `bookRows` imported entries. */
  people: number;
  bookRows: number;
  /** How long a CSV export is held unread before the socket is dropped. */
  holdExportMs: number;
  /** CSV exports one person holds open at once (more than any cap lets through). */
  exportsHeld: number;
}

/** Answers a neighbour may get: everything else (a 5xx above all) is a finding. */
const ALLOWED = new Set([200, 404, 409, 422, 429]);

/** A pattern that backtracks for seconds on a non-matching text in a JavaScript RegExp. */
export const BACKTRACKING_PATTERN = '.*.*.*.*.*.*.*.*\\d*\\d*\\d*\\d*\\d*\\d*x';
const NON_MATCHING_TEXT = `${'1'.repeat(60)} coffee`;

export interface NeighbourRecord {
  /** `route status` -> count. */
  answers: Map<string, number>;
  /** Answers outside ALLOWED, and requests that got none. */
  unexpected: string[];
  /** Health check latencies (ms), in the order they were taken; failed checks as Infinity. */
  health: number[];
  heldExports: { answered200: number; refused: number; other: number };
  restores: { restored: number; refused: number };
  /** The people's and the restored books' users, for the ledger check at the end. */
  userIds: string[];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A CSV file of `rows` rows: a date, a description the backtracking pattern fails on, an amount. */
export function csvOf(rows: number, runId: string): string {
  const lines = ['Date,Description,Amount'];
  for (let i = 0; i < rows; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    const month = String(1 + (Math.floor(i / 28) % 12)).padStart(2, '0');
    const cents = 100 + ((i * 7919) % 50_000);
    const amount = `${i % 5 === 0 ? '' : '-'}${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
    lines.push(`2025-${month}-${day},${NON_MATCHING_TEXT} ${runId} ${i},${amount}`);
  }
  return lines.join('\n');
}

/** The columns of csvOf's files, as a person confirms them (every row's sign as written). */
export const CSV_MAPPING = plainCsvMapping();

interface Person {
  session: Session;
  accountId: string;
}

export class Neighbours {
  private readonly random: Random;
  private readonly record: NeighbourRecord = {
    answers: new Map(),
    unexpected: [],
    health: [],
    heldExports: { answered200: 0, refused: 0, other: 0 },
    restores: { restored: 0, refused: 0 },
    userIds: [],
  };
  private stopAt = 0;

  private constructor(
    private readonly options: NeighbourOptions,
    private readonly people: Person[],
    /** A full export of a book with transfers, splits, edits and undos: what restores send. */
    private readonly restoreFile: unknown,
  ) {
    this.random = new Random(options.seed);
    this.record.userIds.push(...people.map((p) => p.session.userId));
  }

  /** Signs the people in and gives each a book worth exporting, with a rule that backtracks. */
  static async prepare(options: NeighbourOptions): Promise<Neighbours> {
    const { api, runId } = options;
    const people: Person[] = [];
    for (let i = 0; i < options.people; i++) {
      const session = await signInWithNewKey(api, `neighbour-${i}-${runId}@example.test`);
      const created = must(
        'account',
        await api.request('POST', '/api/account', {
          token: session.token,
          body: { title: `Neighbour ${i}` },
        }),
      );
      const accountId = (dataOf<{ id: string }>(created) as { id: string }).id;
      must(
        'deposit',
        await api.request('POST', `/api/account/${accountId}/deposit`, {
          token: session.token,
          // Enough for the whole file to be taken out (at most 500.00 a row): an import that
          // would take the account below zero is refused (the full profile's 10,000 rows did).
          body: { amount: Math.max(1_000_000, options.bookRows * 500) },
        }),
      );
      must(
        'import',
        await api.request('POST', '/api/imports', {
          token: session.token,
          idempotencyKey: randomUUID(),
          body: {
            accountId,
            fileName: 'statement.csv',
            content: Buffer.from(csvOf(options.bookRows, runId)).toString('base64'),
            mapping: CSV_MAPPING,
          },
        }),
      );
      must(
        'rule',
        await api.request('POST', '/api/rules', {
          token: session.token,
          body: {
            name: 'Backtracks',
            match: { field: 'description', operator: 'matches', value: BACKTRACKING_PATTERN },
            set: { payee: 'Never', description: null },
          },
        }),
      );
      people.push({ session, accountId });
    }
    const restoreFile = await donorExport(api, runId);
    return new Neighbours(options, people, restoreFile);
  }

  async run(): Promise<NeighbourRecord> {
    this.stopAt = Date.now() + this.options.durationMs;
    // GET /api/health every 20 ms, on a thread of its own: the latency everyone else would see.
    const health = new Probe(this.options.api.baseUrl, { method: 'GET', path: '/api/health' });
    await Promise.all([
      ...this.people.flatMap((person) => [this.holdExports(person), this.busy(person)]),
      this.restores(),
    ]);
    const seen = await health.stop();
    this.record.health = seen.latencies;
    for (const failure of seen.failures) this.record.unexpected.push(`GET /api/health: ${failure}`);
    return this.record;
  }

  private get running(): boolean {
    return Date.now() < this.stopAt;
  }

  private note(route: string, answer: HttpAnswer): void {
    const label = `${route} ${answer.status ?? answer.error ?? 'no answer'}`;
    this.record.answers.set(label, (this.record.answers.get(label) ?? 0) + 1);
    if (answer.status === null || !ALLOWED.has(answer.status)) {
      this.record.unexpected.push(`${label}: ${answer.bodyText.slice(0, 200)}`);
    }
  }

  /** Opens CSV exports and reads nothing but the status line, holding each for a while. */
  private async holdExports(person: Person): Promise<void> {
    while (this.running) {
      const held = await Promise.all(
        Array.from({ length: this.options.exportsHeld }, () => this.openUnreadExport(person)),
      );
      await sleep(Math.min(this.options.holdExportMs, Math.max(0, this.stopAt - Date.now())));
      for (const socket of held) socket.destroy();
    }
  }

  private openUnreadExport(person: Person): Promise<net.Socket> {
    const url = new URL(this.options.api.baseUrl);
    return new Promise((resolve) => {
      const socket = net.connect({ host: url.hostname, port: Number(url.port) });
      let settled = false;
      const settle = (status: number | null) => {
        if (settled) return;
        settled = true;
        socket.pause();
        if (status === 200) this.record.heldExports.answered200 += 1;
        else if (status === 429 || status === 409) this.record.heldExports.refused += 1;
        else {
          this.record.heldExports.other += 1;
          this.record.unexpected.push(`held CSV export: ${status ?? 'no answer'}`);
        }
        resolve(socket);
      };
      socket.once('data', (chunk: Buffer) => {
        const match = /^HTTP\/1\.1 (\d{3})/.exec(chunk.toString('latin1'));
        settle(match ? Number(match[1]) : null);
      });
      socket.once('error', () => settle(null));
      socket.setTimeout(10_000, () => settle(null));
      socket.write(
        `GET /api/transactions/export.csv HTTP/1.1\r\nHost: ${url.host}\r\n` +
          `Authorization: Bearer ${person.session.token}\r\nConnection: close\r\n\r\n`,
      );
    });
  }

  /** Full exports, analytics, rule tests and import cycles, one after another. */
  private async busy(person: Person): Promise<void> {
    const { api } = this.options;
    const token = person.session.token;
    while (this.running) {
      const roll = this.random.next();
      if (roll < 0.2) {
        this.note('GET /api/book/export', await api.request('GET', '/api/book/export', { token }));
      } else if (roll < 0.5) {
        const chart = this.random.pick([
          '/api/analytics/dashboard',
          '/api/analytics/income-vs-spending',
          '/api/analytics/spending-by-category?from=2025-01-01&to=2025-12-31',
          '/api/analytics/balance-over-time?from=2025-01-01&to=2025-12-31',
          '/api/analytics/top-payees?from=2025-01-01&to=2025-12-31',
        ]);
        this.note(`GET ${chart.split('?')[0]}`, await api.request('GET', chart, { token }));
      } else if (roll < 0.7) {
        this.note(
          'POST /api/rules/test',
          await api.request('POST', '/api/rules/test', {
            token,
            body: {
              name: 'Probe',
              match: { field: 'either', operator: 'matches', value: BACKTRACKING_PATTERN },
              set: { payee: 'Probe', description: null },
            },
          }),
        );
      } else {
        await this.importCycle(person);
      }
    }
  }

  private async importCycle(person: Person): Promise<void> {
    const { api } = this.options;
    const token = person.session.token;
    const body = {
      accountId: person.accountId,
      fileName: 'month.csv',
      content: Buffer.from(csvOf(200, randomUUID())).toString('base64'),
      mapping: CSV_MAPPING,
    };
    this.note(
      'POST /api/imports/preview',
      await api.request('POST', '/api/imports/preview', { token, body }),
    );
    const committed = await api.request('POST', '/api/imports', {
      token,
      body,
      idempotencyKey: randomUUID(),
    });
    this.note('POST /api/imports', committed);
    const batchId = dataOf<{ batch: { id: string } }>(committed)?.batch.id;
    if (!batchId) return;
    this.note(
      'POST /api/imports/{id}/revert',
      await api.request('POST', `/api/imports/${batchId}/revert`, {
        token,
        idempotencyKey: randomUUID(),
      }),
    );
  }

  /**
   * Restores the donor file into new people's empty books: each once with a key, again with the
   * same key (a replay), again with a new key (409: not empty), and two at once into one book.
   */
  private async restores(): Promise<void> {
    const { api, runId } = this.options;
    let n = 0;
    while (this.running) {
      let session: Session;
      try {
        session = await signInWithNewKey(api, `restorer-${n++}-${runId}@example.test`);
      } catch (error) {
        // A sign-in that gets no answer is the server failing everyone, not a broken harness.
        this.record.unexpected.push(`sign-in of a new person: ${String(error)}`);
        await sleep(1_000);
        continue;
      }
      this.record.userIds.push(session.userId);
      const key = randomUUID();
      const send = (idempotencyKey: string) =>
        api.request('POST', '/api/book/restore', {
          token: session.token,
          idempotencyKey,
          body: { file: this.restoreFile },
        });
      const [first, racing] = await Promise.all([send(key), send(randomUUID())]);
      for (const answer of [first, racing]) {
        this.note('POST /api/book/restore', answer);
        if (answer.status === 200) this.record.restores.restored += 1;
        else this.record.restores.refused += 1;
      }
      this.note('POST /api/book/restore (replay)', await send(key));
      const again = await send(randomUUID());
      this.note('POST /api/book/restore (not empty)', again);
      if (again.status === 200) {
        this.record.unexpected.push('a restore into a book that was restored into succeeded');
      }
    }
  }
}

function must(step: string, answer: HttpAnswer): HttpAnswer {
  if (answer.status !== 200) {
    throw new Error(
      `neighbours: ${step} answered ${answer.status ?? answer.error} ${errorCodeOf(answer) ?? ''} ${answer.bodyText.slice(0, 300)}`,
    );
  }
  return answer;
}

/**
 * A book with what a restore must rebuild (transfers, a split entry, an edit, a delete, an
 * undo), exported: the file the restores send.
 */
async function donorExport(api: ApiClient, runId: string): Promise<unknown> {
  const { token } = await signInWithNewKey(api, `donor-${runId}@example.test`);
  const call = async (method: string, path: string, body?: unknown) =>
    dataOf<Record<string, never>>(
      must(`${method} ${path}`, await api.request(method, path, { token, body })),
    ) as Record<string, unknown>;
  const ids: string[] = [];
  for (const title of ['Checking', 'Savings']) {
    const account = await call('POST', '/api/account', { title });
    ids.push(account.id as string);
  }
  const [checking, savings] = ids as [string, string];
  await call('POST', `/api/account/${checking}/deposit`, { amount: 5000 });
  const changes: string[] = [];
  const entries: string[] = [];
  for (let i = 0; i < 40; i++) {
    const created = await call('POST', '/api/transactions', {
      type: 'expense',
      accountId: checking,
      amount: 10 + i,
      description: `Groceries ${i}`,
      ...(i % 10 === 0 && { splits: [{ amount: 5 }, { amount: 5 + i }] }),
    });
    entries.push((created.transaction as { id: string }).id);
    changes.push(created.changeId as string);
  }
  await call('POST', '/api/transfers', {
    fromAccountId: checking,
    toAccountId: savings,
    amount: 100,
  });
  await call('PATCH', `/api/transactions/${entries[1]}`, { amount: 99 });
  await call('DELETE', `/api/transactions/${entries[2]}`);
  await call('POST', `/api/changes/${changes[3]}/undo`);
  return call('GET', '/api/book/export');
}

/** The p-th percentile of some latencies (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}
