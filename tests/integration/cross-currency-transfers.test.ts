import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TRANSFER_MESSAGES, sameCurrencyMismatch } from '../../src/shared/transfer-amounts.js';
import { moneySnapshot } from '../helpers/db-snapshot.js';
import { DOORS, type Door, type Outcome } from '../helpers/doors.js';
import { ledgerViolations } from '../helpers/ledger-invariants.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/test-app.js';
import { testBackend } from '../helpers/test-database.js';

/**
 * Transfers between accounts of two currencies (docs/ledger.md#transfers, decision 032), through
 * both doors: both amounts, each checked in its account's currency and kept in its leg; the rate
 * they imply recorded with source 'transfer', the day's latest transfer's, kept right through
 * edits, deletes and undo. Every refusal changes nothing, and the ledger's invariants (transfer
 * rates included) hold after every test.
 */
describe.each(DOORS)('cross-currency transfers through %s', (_name, makeDoor) => {
  let t: TestApp;
  let user: TestUser;
  let api: Door;

  beforeAll(async () => {
    t = await createTestApp();
    user = await t.signUp();
    api = makeDoor(t, user);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    expect(await ledgerViolations(t.database.db, user.bookId)).toEqual([]);
  });

  const ok = (outcome: Outcome) => {
    expect(outcome.status, JSON.stringify(outcome.body)).toBe(200);
    return outcome.body.data;
  };

  /** The book's transfer rates (of these days, when given), as the rate table holds them. */
  async function transferRates(...days: string[]) {
    let query = t.database.db
      .selectFrom('exchange_rates')
      .select(['base_currency', 'quote_currency', 'day', sql<string>`rate::text`.as('rate')])
      .where('book_id', '=', user.bookId)
      .where('source', '=', 'transfer');
    if (days.length > 0) query = query.where('day', 'in', days);
    const rows = await query.orderBy('day').orderBy('base_currency').execute();
    return rows.map((row) => `${row.base_currency}->${row.quote_currency} ${row.day} ${row.rate}`);
  }

  /** A refusal that leaves balances, entries and rates as they were. */
  async function refused(run: () => Promise<Outcome>, status: number, message: string) {
    const before = [await moneySnapshot(t), await transferRates()];
    const outcome = await run();
    expect(outcome.status, JSON.stringify(outcome.body)).toBe(status);
    expect(outcome.body.message).toBe(message);
    expect([await moneySnapshot(t), await transferRates()]).toEqual(before);
  }

  async function account(currency: string, deposit = 0, title = `${currency} account`) {
    const created = ok(await api.createAccount({ title, currency }));
    expect(created.currency).toBe(currency);
    if (deposit > 0) ok(await api.deposit(created.id, { amount: deposit }));
    return created.id as string;
  }
  const balanceOf = async (id: string) => ok(await api.getAccount(id)).balance as number;

  it('sends 100 EUR and receives 108.50 USD: each leg in its currency, the rate recorded', async () => {
    const eur = await account('EUR', 500);
    const usd = await account('USD');
    const created = ok(
      await api.createTransfer({
        fromAccountId: eur,
        toAccountId: usd,
        amount: 100,
        receivedAmount: 108.5,
        occurredOn: '2026-11-20',
      }),
    );
    const expected = {
      fromAccountId: eur,
      toAccountId: usd,
      amount: 100,
      receivedAmount: 108.5,
      fromCurrency: 'EUR',
      toCurrency: 'USD',
      rate: '1.085',
      occurredOn: '2026-11-20',
    };
    expect(created.transfer).toMatchObject(expected);
    expect(ok(await api.getTransfer(created.transfer.id))).toMatchObject(expected);
    expect([await balanceOf(eur), await balanceOf(usd)]).toEqual([400, 108.5]);
    expect(await transferRates()).toEqual(['EUR->USD 2026-11-20 1.085']);

    // GET /api/rates lists it with its source.
    const rates = await t.rest(user, { method: 'GET', url: '/api/rates?base=EUR&quote=USD' });
    expect(rates.json().data.items).toEqual([
      expect.objectContaining({
        base: 'EUR',
        quote: 'USD',
        day: '2026-11-20',
        rate: '1.085',
        source: 'transfer',
      }),
    ]);
    // Each leg is an entry in its account's currency.
    const legs = ok(await api.listTransactions({ accountId: usd })).items;
    expect(legs[0]).toMatchObject({ amount: 108.5, transactionType: 'transfer' });
  });

  it('mixes exponents: 1,000 JPY for 2.043 KWD, each refusing what its currency cannot hold', async () => {
    const jpy = await account('JPY', 100_000);
    const kwd = await account('KWD');
    const created = ok(
      await api.createTransfer({
        fromAccountId: jpy,
        toAccountId: kwd,
        amount: 1000,
        receivedAmount: 2.043,
        occurredOn: '2026-11-21',
      }),
    );
    expect(created.transfer).toMatchObject({
      amount: 1000,
      receivedAmount: 2.043,
      fromCurrency: 'JPY',
      toCurrency: 'KWD',
      rate: '0.002043',
    });
    expect([await balanceOf(jpy), await balanceOf(kwd)]).toEqual([99_000, 2.043]);
    const legs = await t.database.db
      .selectFrom('transactions')
      .select(['transaction_type', sql<string>`amount_cents::text`.as('minor')])
      .where('transfer_id', '=', created.transfer.id)
      .orderBy('transaction_type')
      .execute();
    // Minor units of each leg's own currency: yen, and fils.
    expect(legs).toEqual([
      { transaction_type: 'transfer_in', minor: '2043' },
      { transaction_type: 'transfer_out', minor: '1000' },
    ]);

    const send = (amount: number, receivedAmount: number) =>
      api.createTransfer({ fromAccountId: jpy, toAccountId: kwd, amount, receivedAmount });
    await refused(() => send(1000.5, 2), 400, 'JPY amounts have no decimals');
    await refused(() => send(1000, 2.0431), 400, 'KWD amounts have at most 3 decimals');
    // The other way round, each side is still judged by its own account.
    await refused(
      () =>
        api.createTransfer({
          fromAccountId: kwd,
          toAccountId: jpy,
          amount: 1,
          receivedAmount: 489.5,
        }),
      400,
      'JPY amounts have no decimals',
    );
    expect(await transferRates()).toContain('JPY->KWD 2026-11-21 0.002043');
  });

  it('keeps a transfer in one currency as it was: one amount, no rate', async () => {
    const a = await account('USD', 100, 'Checking');
    const b = await account('USD', 0, 'Savings');
    const before = await transferRates();
    const created = ok(await api.createTransfer({ fromAccountId: a, toAccountId: b, amount: 40 }));
    expect(created.transfer).toMatchObject({
      amount: 40,
      receivedAmount: 40,
      fromCurrency: 'USD',
      toCurrency: 'USD',
      rate: null,
    });
    ok(
      await api.createTransfer({ fromAccountId: a, toAccountId: b, amount: 5, receivedAmount: 5 }),
    );
    await refused(
      () => api.createTransfer({ fromAccountId: a, toAccountId: b, amount: 5, receivedAmount: 6 }),
      400,
      sameCurrencyMismatch('USD'),
    );
    // The words every USD amount had.
    await refused(
      () => api.createTransfer({ fromAccountId: a, toAccountId: b, amount: 12.345 }),
      400,
      'Amount must have at most two decimal places',
    );
    await refused(
      () => api.createTransfer({ fromAccountId: a, toAccountId: b, amount: 1_000_000_000.01 }),
      400,
      'Amount must be at most 1,000,000,000.00',
    );
    const edited = ok(await api.updateTransfer(created.transfer.id, { amount: 30 }));
    expect(edited.transfer).toMatchObject({ amount: 30, receivedAmount: 30 });
    expect([await balanceOf(a), await balanceOf(b)]).toEqual([65, 35]);
    expect(await transferRates()).toEqual(before);
  });

  it('refuses a transfer between two currencies without the received amount, and decimals per side', async () => {
    const eur = await account('EUR', 50);
    const usd = await account('USD', 50);
    await refused(
      () => api.createTransfer({ fromAccountId: eur, toAccountId: usd, amount: 10 }),
      400,
      TRANSFER_MESSAGES.receivedRequired,
    );
    await refused(
      () =>
        api.createTransfer({
          fromAccountId: eur,
          toAccountId: usd,
          amount: 10.001,
          receivedAmount: 11,
        }),
      400,
      'Amount must have at most two decimal places',
    );
    await refused(
      () =>
        api.createTransfer({
          fromAccountId: eur,
          toAccountId: usd,
          amount: 10,
          receivedAmount: 10.855,
        }),
      400,
      'Received amount must have at most two decimal places',
    );
    // Funds are the source's, in its own currency: 50 EUR cannot send 60 EUR.
    await refused(
      () =>
        api.createTransfer({ fromAccountId: eur, toAccountId: usd, amount: 60, receivedAmount: 1 }),
      422,
      'Insufficient funds',
    );
  });

  it('keeps the rate table right through edits, deletes and undo: the day keeps its latest transfer', async () => {
    const eur = await account('EUR', 1000);
    const usd = await account('USD');
    const jpy = await account('JPY');
    const day = '2026-11-24';
    const days = ['2026-11-23', day];
    const first = ok(
      await api.createTransfer({
        fromAccountId: eur,
        toAccountId: usd,
        amount: 100,
        receivedAmount: 108.5,
        occurredOn: day,
      }),
    ).transfer;
    const second = ok(
      await api.createTransfer({
        fromAccountId: eur,
        toAccountId: usd,
        amount: 50,
        receivedAmount: 55,
        occurredOn: day,
      }),
    ).transfer;
    expect(await transferRates(...days)).toEqual([`EUR->USD ${day} 1.1`]);

    // Either amount may change; the rate follows.
    const edited = ok(await api.updateTransfer(second.id, { receivedAmount: 54 }));
    expect(edited.transfer).toMatchObject({ amount: 50, receivedAmount: 54, rate: '1.08' });
    expect(await balanceOf(usd)).toBe(162.5);
    expect(await transferRates(...days)).toEqual([`EUR->USD ${day} 1.08`]);

    // Deleting the latest gives the day back the earlier one's rate; undo brings it back.
    const deleted = ok(await api.deleteTransfer(second.id));
    expect(await transferRates(...days)).toEqual([`EUR->USD ${day} 1.085`]);
    ok(await api.undo(deleted.changeId));
    expect(await transferRates(...days)).toEqual([`EUR->USD ${day} 1.08`]);

    // Moving the first to another day gives that day its own rate.
    ok(await api.updateTransfer(first.id, { occurredOn: '2026-11-23' }));
    expect(await transferRates(...days)).toEqual([
      'EUR->USD 2026-11-23 1.085',
      `EUR->USD ${day} 1.08`,
    ]);

    // A destination in another currency needs the amount that arrived there.
    await refused(
      () => api.updateTransfer(first.id, { toAccountId: jpy }),
      400,
      TRANSFER_MESSAGES.receivedRequiredOnChange,
    );
    const moved = ok(
      await api.updateTransfer(first.id, { toAccountId: jpy, receivedAmount: 16_000 }),
    );
    expect(moved.transfer).toMatchObject({
      toCurrency: 'JPY',
      receivedAmount: 16_000,
      rate: '160',
    });
    expect(await balanceOf(usd)).toBe(54);
    expect(await balanceOf(jpy)).toBe(16_000);
    expect(await transferRates(...days)).toEqual([
      'EUR->JPY 2026-11-23 160',
      `EUR->USD ${day} 1.08`,
    ]);
    ok(await api.undo(moved.changeId));
    expect(await transferRates(...days)).toEqual([
      'EUR->USD 2026-11-23 1.085',
      `EUR->USD ${day} 1.08`,
    ]);

    // Both transfers gone: no transfer rate is left.
    ok(await api.deleteTransfer(first.id));
    ok(await api.deleteTransfer(second.id));
    expect(await transferRates(...days)).toEqual([]);
  });

  it('turns a transfer in one currency into one between two only with the received amount', async () => {
    const a = await account('USD', 100, 'Checking');
    const b = await account('USD', 0, 'Savings');
    const eur = await account('EUR', 0, 'Euro savings');
    const created = ok(
      await api.createTransfer({
        fromAccountId: a,
        toAccountId: b,
        amount: 20,
        occurredOn: '2026-11-25',
      }),
    ).transfer;
    await refused(
      () => api.updateTransfer(created.id, { toAccountId: eur }),
      400,
      TRANSFER_MESSAGES.receivedRequiredOnChange,
    );
    const moved = ok(
      await api.updateTransfer(created.id, { toAccountId: eur, receivedAmount: 18.5 }),
    );
    expect(moved.transfer).toMatchObject({ amount: 20, receivedAmount: 18.5, rate: '0.925' });
    expect(await transferRates()).toContain('USD->EUR 2026-11-25 0.925');
    // Back to one currency: the received amount is the sent one again, and the rate goes.
    const back = ok(await api.updateTransfer(created.id, { toAccountId: b }));
    expect(back.transfer).toMatchObject({ amount: 20, receivedAmount: 20, rate: null });
    expect(await balanceOf(b)).toBe(20);
    expect(await transferRates()).not.toContain('USD->EUR 2026-11-25 0.925');
  });
});

describe('cross-currency transfers and Idempotency-Key', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await t.signUp();
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, key = randomUUID()) =>
    t.rest(user, { method: 'POST', url, payload, headers: { 'idempotency-key': key } });

  it('replays a transfer sent twice with one key: one transfer, one rate', async () => {
    const eur = (await post('/api/account', { title: 'Euro', currency: 'EUR' })).json().data.id;
    const usd = (await post('/api/account', { title: 'Dollar', currency: 'USD' })).json().data.id;
    await post(`/api/account/${eur}/deposit`, { amount: 200 });
    const key = randomUUID();
    const body = { fromAccountId: eur, toAccountId: usd, amount: 100, receivedAmount: 108.5 };
    const first = await post('/api/transfers', body, key);
    const again = await post('/api/transfers', body, key);
    expect(first.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const { count } = await t.database.db
      .selectFrom('transactions')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('book_id', '=', user.bookId)
      .where('transfer_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(2);
    const rates = (await t.rest(user, { method: 'GET', url: '/api/rates' })).json().data.items;
    expect(rates).toEqual([expect.objectContaining({ rate: '1.085', source: 'transfer' })]);
    expect(await ledgerViolations(t.database.db, user.bookId)).toEqual([]);
  });
});

describe.runIf(testBackend === 'postgres')(
  'concurrent transfers of one pair and day (postgres)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ poolSize: 20 });
    });
    afterAll(() => t.close());

    it('leaves the rate of the transfer created last, whatever order they commit in', async () => {
      const user = await t.signUp();
      const post = (url: string, payload: object) =>
        t.rest(user, {
          method: 'POST',
          url,
          payload,
          headers: { 'idempotency-key': randomUUID() },
        });
      // Accounts of their own for each transfer: only the rate's pair and day is shared, so no
      // account's row lock orders them.
      const pairs: { eur: string; usd: string }[] = [];
      for (let i = 0; i < 12; i++) {
        const eur = (await post('/api/account', { title: `Euro ${i}`, currency: 'EUR' })).json()
          .data.id as string;
        const usd = (await post('/api/account', { title: `Dollar ${i}`, currency: 'USD' })).json()
          .data.id as string;
        await post(`/api/account/${eur}/deposit`, { amount: 1000 });
        pairs.push({ eur, usd });
      }
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(
          pairs.map(({ eur, usd }, i) =>
            post('/api/transfers', {
              fromAccountId: eur,
              toAccountId: usd,
              amount: 10,
              receivedAmount: 10 + round + i / 100,
              occurredOn: '2026-11-26',
            }),
          ),
        );
        expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
        // The invariants read the rate back from the ledger: the latest transfer's, exactly.
        expect(await ledgerViolations(t.database.db, user.bookId)).toEqual([]);
      }
    });
  },
);
