import { signInWithNewKey, type Session } from './auth.js';
import type { ApiClient } from './client.js';
import { BASE_CURRENCY, unitsToMinor } from './money.js';
import {
  acknowledgement,
  descriptionFor,
  type AccountCreation,
  type Operation,
} from './operations.js';
import type { Sender } from './sender.js';
import { dataOfText } from './client.js';

/** The `data` of a deposit, withdrawal or expense answer. */
export interface MovementData {
  account?: { id: string; balance: number } | null;
  /** A transfer's answer: both accounts. */
  accounts?: { id: string; balance: number }[];
  transaction?: { id: string };
}

export interface HarnessAccount {
  id: string;
  title: string;
  /** The one account that gets a large share of the traffic. */
  hot: boolean;
  /** The last balance a client saw for it, in minor units of its currency; to pick amounts. */
  estimateCents: bigint;
  /** Its currency (docs/money.md#account-currency): USD, the book's base, unless created in another. */
  currency: string;
}

export interface SetupOptions {
  runId: string;
  accountCount: number;
  /** How many account creations are sent twice at once with the same key. */
  duplicatedCreations: number;
  /**
   * How many accounts (the last ones) are created with an opening balance of `seedCents`
   * instead of a seed deposit; each is sent again with its key once answered, and the last one
   * also twice at once.
   */
  openingAccounts: number;
  seedCents: bigint;
  hotSeedCents: bigint;
  /**
   * The currency each account is created in, by index (sent as `currency`); an index not
   * listed, or none at all, is created without one: the book's base, USD.
   */
  currencies?: Readonly<Record<number, string>>;
}

/**
 * The accounts of the load in other currencies than the base (issue 23): the third in JPY
 * (exponent 0, created with a concurrent duplicate), the last but one in JPY and the last in KWD
 * (exponent 3), both with an opening balance. The hot account stays in USD.
 */
export function loadCurrencies(accountCount: number): Record<number, string> {
  if (accountCount < 4) return {};
  return { 2: 'JPY', [accountCount - 2]: 'JPY', [accountCount - 1]: 'KWD' };
}

/** An opening balance in fils shows its three decimals: 500.123 KWD rather than 500. */
const KWD_FILS = 123n;

export interface SetupResult {
  session: Session;
  accounts: HarnessAccount[];
  creations: AccountCreation[];
  seeds: Operation[];
}

export async function signIn(api: ApiClient, runId: string): Promise<Session> {
  return signInWithNewKey(api, `reliability-${runId}@example.test`);
}

/**
 * Creates the accounts (a few with a concurrent duplicate; the last ones with an opening
 * balance, replayed with their key once answered) and seeds each other one with a deposit.
 */
export async function createAccountsAndSeed(
  sender: Sender,
  options: SetupOptions,
): Promise<Omit<SetupResult, 'session'>> {
  const firstOpening = options.accountCount - options.openingAccounts;
  const creations: AccountCreation[] = Array.from({ length: options.accountCount }, (_, i) => {
    const currency = options.currencies?.[i];
    return {
      key: `${options.runId}-account-${i}`,
      title: `Reliability ${i === 0 ? 'hot' : i} ${options.runId}`,
      ...(currency !== undefined && { currency }),
      ...(i > 0 &&
        i >= firstOpening && {
          openingCents: options.seedCents + (currency === 'KWD' ? KWD_FILS : 0n),
        }),
      attempts: [],
      accountIds: new Set<string>(),
    };
  });
  await Promise.all(
    creations.map(async (creation, i) => {
      const sends = [sender.createAccount(creation, 'original')];
      const lastOpening = creation.openingCents !== undefined && i === options.accountCount - 1;
      if (i < options.duplicatedCreations || lastOpening) {
        sends.push(sender.createAccount(creation, 'concurrent-duplicate'));
      }
      await Promise.all(sends);
      // The same creation again once answered: the stored answer, not a second account.
      if (creation.openingCents !== undefined) {
        await sender.createAccount(creation, 'later-duplicate');
      }
    }),
  );

  const accounts = creations.map((creation, i): HarnessAccount => {
    const ack = creation.attempts.find((a) => a.status === 200);
    const created = ack && dataOfText<{ id: string; currency?: string }>(ack.bodyText);
    const id = created?.id;
    if (!id) {
      const last = creation.attempts.at(-1);
      throw new Error(
        `Could not create account ${i}: ${last?.status ?? last?.error} ${last?.bodyText.slice(0, 300)}`,
      );
    }
    // The load's amounts are minor units of the currency asked for: the account must be in it.
    if (creation.currency !== undefined && created.currency !== creation.currency) {
      throw new Error(
        `Account ${i} was created in ${created.currency ?? 'no currency'}, not ${creation.currency}`,
      );
    }
    return {
      id,
      title: creation.title,
      hot: i === 0,
      estimateCents: creation.openingCents ?? 0n,
      currency: creation.currency ?? BASE_CURRENCY,
    };
  });

  const seeded = accounts.filter((_, i) => creations[i]?.openingCents === undefined);
  const seeds = seeded.map((account, i): Operation => ({
    key: `${options.runId}-seed-${i}`,
    kind: 'deposit',
    accountId: account.id,
    amountCents: account.hot ? options.hotSeedCents : options.seedCents,
    currency: account.currency,
    description: descriptionFor(`${options.runId}-seed-${i}`),
    phase: 'seed',
    overdraw: false,
    attempts: [],
  }));
  await Promise.all(seeds.map((seed) => sender.settle(seed, 'original')));
  seeds.forEach((seed, i) => {
    const ack = acknowledgement(seed);
    const account = seeded[i];
    if (!ack || !account) {
      const last = seed.attempts.at(-1);
      throw new Error(`Seeding account ${i} failed: ${last?.status ?? last?.error}`);
    }
    const balance = dataOfText<MovementData>(ack.bodyText)?.account?.balance;
    account.estimateCents =
      balance === undefined ? seed.amountCents : unitsToMinor(balance, account.currency);
  });
  return { accounts, creations, seeds };
}
