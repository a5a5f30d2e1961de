import type { HttpAnswer } from './client.js';
import { BASE_CURRENCY, minorToUnits } from './money.js';

export type MovementKind = 'deposit' | 'withdraw' | 'expense';
/** What writes new ledger rows: a movement on one account, or a transfer between two. */
export type CreationKind = MovementKind | 'transfer';
/**
 * What changes rows written earlier: an entry's edit (amount, account, date) or delete, a
 * transfer's edit or delete, the undo of any acknowledged change (docs/ledger.md, the change
 * engine), an entry marked cleared or not, or an account reconciled against a statement
 * (docs/ledger.md#reconciliation). None writes a row of its own; each records one change (a
 * cleared mark asking for the state the entry has records none).
 */
export type MutationKind =
  | 'edit'
  | 'delete'
  | 'undo'
  | 'transfer-edit'
  | 'transfer-delete'
  | 'rule-apply'
  | 'clear'
  | 'reconcile'
  | 'rate';
/** What a client sends. */
export type OperationKind = CreationKind | MutationKind;

const MUTATION_KINDS: ReadonlySet<OperationKind> = new Set<OperationKind>([
  'edit',
  'delete',
  'undo',
  'transfer-edit',
  'transfer-delete',
  'rule-apply',
  'clear',
  'reconcile',
  'rate',
]);

/**
 * Whether a kind writes no ledger row of its own: the mutations, and a rate entered by hand
 * (`rate`, POST /api/rates: a row of exchange_rates, no entry, no change).
 */
export function isMutation(kind: OperationKind): kind is MutationKind {
  return MUTATION_KINDS.has(kind);
}
/** A ledger row's type: a transfer is written as two legs. */
export type LedgerRowType = MovementKind | 'transfer_in' | 'transfer_out';

/**
 * Why an attempt was sent: the first send of a key, a duplicate sent together with it or after
 * it answered, a retry after no answer came back, or the replay of every acknowledged key at
 * the end of a crash run.
 */
export type AttemptRole =
  'original' | 'concurrent-duplicate' | 'later-duplicate' | 'retry' | 'final-replay';

export interface Attempt {
  role: AttemptRole;
  status: number | null;
  error: string | null;
  bodyText: string;
  code: string | undefined;
  replayed: boolean;
  /** Date.now() when the answer (or the failure) arrived. */
  at: number;
  ms: number;
  /** Date.now() just before it was sent (a manual rate's order, harness/rate-checks.ts). */
  sentAt?: number;
}

/**
 * What a mutation aims at: the id in its route (entry, transfer or change) and the key of the
 * creation whose rows it changes (an undo: the rows of the change it undoes).
 */
export interface MutationTarget {
  id: string;
  entryKey: string;
}

/** One logical request, identified by its Idempotency-Key, with every attempt sent for it. */
export interface Operation {
  key: string;
  kind: OperationKind;
  /** A mutation's target; its `body` is what the PATCH sends. */
  target?: MutationTarget;
  /**
   * A rule apply and its undo: the keys of every entry they name (a change of many entries);
   * the target's `entryKey` is one of them.
   */
  entryKeys?: string[];
  body?: Record<string, unknown>;
  /**
   * The person confirmed changing reconciled entries (docs/ledger.md#reconciliation): in the
   * body of an edit or a cleared mark, in the query of a delete.
   */
  confirmReconciled?: boolean;
  /** The account it moves (a transfer's source; a mutation: the target's account when chosen). */
  accountId: string;
  /** A transfer's destination. */
  toAccountId?: string;
  /**
   * Minor units of `currency` (the account's; USD when left out): what a movement moves, or
   * what a transfer sends.
   */
  amountCents: bigint;
  currency?: string;
  /** A transfer between two currencies: what arrives, in minor units of `toCurrency`. */
  receivedCents?: bigint;
  toCurrency?: string;
  description: string;
  phase: 'seed' | 'load';
  /** Chosen larger than the balance the client last saw, so it should be refused. */
  overdraw: boolean;
  attempts: Attempt[];
}

/** A POST /api/account sent with an Idempotency-Key, and the account ids its answers named. */
export interface AccountCreation {
  key: string;
  title: string;
  /** Created with this opening balance (its first entry, "Opening balance"), when set. */
  openingCents?: bigint;
  /** Created in this currency (sent as `currency`); left out: the book's base, USD. */
  currency?: string;
  attempts: Attempt[];
  accountIds: Set<string>;
}

/**
 * The final word on a key: acknowledged (some attempt got a 2xx), refused (a business refusal:
 * 422 or 404), or unknown (no attempt got a definite answer: connection errors, timeouts, 5xx).
 */
export type Outcome = 'acknowledged' | 'refused' | 'unknown';

/** 409: an undo refused because the entry changed since, or the change was already undone. */
const BUSINESS_REFUSALS = new Set([404, 409, 422]);

export function isSuccess(status: number | null): boolean {
  return status !== null && status >= 200 && status < 300;
}

export function isBusinessRefusal(attempt: Attempt): boolean {
  return (
    attempt.status !== null &&
    BUSINESS_REFUSALS.has(attempt.status) &&
    attempt.code !== 'IDEMPOTENCY_KEY_REUSED'
  );
}

export function outcomeOf(op: Operation): Outcome {
  if (op.attempts.some((a) => isSuccess(a.status))) return 'acknowledged';
  if (op.attempts.some(isBusinessRefusal)) return 'refused';
  return 'unknown';
}

/** The first 2xx attempt: the answer the client was given and acted on. */
export function acknowledgement(op: Operation): Attempt | undefined {
  return op.attempts.find((a) => isSuccess(a.status));
}

/**
 * The signed effect of an operation on the total of the balances: a transfer moves money
 * between two accounts of the user and adds nothing (in one currency).
 */
export function signedCents(kind: OperationKind, amountCents: bigint): bigint {
  if (kind === 'transfer' || isMutation(kind)) return 0n;
  return kind === 'deposit' ? amountCents : -amountCents;
}

/** What a transfer's incoming leg holds: the received amount, or the one amount of one currency. */
export function receivedOf(op: Operation): bigint {
  return op.receivedCents ?? op.amountCents;
}

/**
 * The signed effect of a creation on each currency's total (minor units): a movement on its
 * account's currency; a transfer its sent amount out of the source's currency and its received
 * amount into the destination's (nothing, in one currency).
 */
export function currencyEffects(op: Operation): [string, bigint][] {
  if (isMutation(op.kind)) return [];
  const from = op.currency ?? BASE_CURRENCY;
  if (op.kind !== 'transfer') return [[from, signedCents(op.kind, op.amountCents)]];
  return [
    [from, -op.amountCents],
    [op.toCurrency ?? BASE_CURRENCY, receivedOf(op)],
  ];
}

/** The signed effect of one ledger row on its account's balance. */
export function rowSignedCents(type: LedgerRowType, amountCents: bigint): bigint {
  return type === 'deposit' || type === 'transfer_in' ? amountCents : -amountCents;
}

/**
 * The ledger rows an acknowledged operation must have written: one, or a transfer's two legs
 * (out: the sent amount; in: the received one, the same in one currency).
 */
export function expectedRowsOf(
  op: Operation,
): { type: LedgerRowType; accountId: string; amountCents: bigint }[] {
  if (isMutation(op.kind)) return [];
  if (op.kind !== 'transfer') {
    return [{ type: op.kind, accountId: op.accountId, amountCents: op.amountCents }];
  }
  return [
    { type: 'transfer_out', accountId: op.accountId, amountCents: op.amountCents },
    { type: 'transfer_in', accountId: op.toAccountId ?? '', amountCents: receivedOf(op) },
  ];
}

export function attemptFrom(
  role: AttemptRole,
  answer: HttpAnswer,
  code?: string,
  sentAt?: number,
): Attempt {
  return {
    ...(sentAt !== undefined && { sentAt }),
    role,
    status: answer.status,
    error: answer.error,
    bodyText: answer.bodyText,
    code,
    replayed: answer.replayed,
    at: Date.now(),
    ms: answer.ms,
  };
}

/** The route and JSON body of a request; the same body is sent for every attempt of a key. */
export function requestOf(op: Operation): {
  method: 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: Record<string, unknown>;
} {
  const target = op.target?.id ?? '';
  switch (op.kind) {
    case 'edit':
      return { method: 'PATCH', path: `/api/transactions/${target}`, body: op.body ?? {} };
    case 'delete':
      return { method: 'DELETE', path: `/api/transactions/${target}${confirmQuery(op)}` };
    case 'transfer-edit':
      return { method: 'PATCH', path: `/api/transfers/${target}`, body: op.body ?? {} };
    case 'transfer-delete':
      return { method: 'DELETE', path: `/api/transfers/${target}${confirmQuery(op)}` };
    case 'clear':
      return { method: 'PATCH', path: `/api/transactions/${target}/cleared`, body: op.body ?? {} };
    case 'reconcile':
      return {
        method: 'POST',
        path: `/api/account/${op.accountId}/reconcile`,
        body: op.body ?? {},
      };
    case 'undo':
      return { method: 'POST', path: `/api/changes/${target}/undo` };
    case 'rule-apply':
      return { method: 'POST', path: '/api/rules/apply', body: op.body ?? {} };
    case 'rate':
      return { method: 'POST', path: '/api/rates', body: op.body ?? {} };
    default:
      return { method: 'POST', ...movementRequest(op) };
  }
}

const confirmQuery = (op: Operation) => (op.confirmReconciled ? '?confirmReconciled=true' : '');

function movementRequest(op: Operation): { path: string; body: Record<string, unknown> } {
  const amount = minorToUnits(op.amountCents, op.currency ?? BASE_CURRENCY);
  if (op.kind === 'transfer') {
    // Between two currencies both amounts, each in its own account's currency; in one, one.
    const toCurrency = op.toCurrency ?? BASE_CURRENCY;
    const cross = toCurrency !== (op.currency ?? BASE_CURRENCY);
    return {
      path: '/api/transfers',
      body: {
        fromAccountId: op.accountId,
        toAccountId: op.toAccountId,
        amount,
        ...(cross && { receivedAmount: minorToUnits(receivedOf(op), toCurrency) }),
        description: op.description,
      },
    };
  }
  if (op.kind === 'expense') {
    return {
      path: '/api/expenses/expense',
      body: { amount, description: op.description, accountId: op.accountId },
    };
  }
  return {
    path: `/api/account/${op.accountId}/${op.kind}`,
    body: { amount, description: op.description },
  };
}

/** What the server writes as an account's opening balance entry (docs/ledger.md#opening-balance). */
export const OPENING_BALANCE_DESCRIPTION = 'Opening balance';

/** Ledger rows are matched back to their request through the key carried in the description. */
export function descriptionFor(key: string): string {
  return `reliability ${key}`;
}

export function keyFromDescription(description: string): string | undefined {
  const match = /^reliability (\S+)$/.exec(description);
  return match?.[1];
}
