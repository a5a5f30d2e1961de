import { dataOfText } from './client.js';
import { receivedFor } from './fx.js';
import { BASE_CURRENCY, minorToUnits } from './money.js';
import {
  acknowledgement,
  type MovementKind,
  type MutationKind,
  type Operation,
} from './operations.js';
import type { Random } from './random.js';
import type { HarnessAccount } from './setup.js';

/** What an acknowledged answer names: the entry or transfer it wrote, and its change. */
interface AnswerIds {
  changeId?: string;
  /** A reconciliation's: the entries it locked. */
  count?: number;
  transaction?: { id?: string; cleared?: string };
  transfer?: { id?: string; toAccountId?: string };
}

interface KnownEntry {
  key: string;
  id: string;
  kind: MovementKind;
  accountId: string;
}

interface KnownTransfer {
  key: string;
  id: string;
  fromAccountId: string;
  /** Its destination as last acknowledged here (another client's edit may have moved it). */
  toAccountId: string;
}

interface KnownChange {
  id: string;
  /** The creation whose rows the change touched. */
  entryKey: string;
}

/** Mutations aim at the most recent acknowledged targets, so clients contend for the same rows. */
const RECENT = 24;

/** The share of each mutation kind among mutations (they add up to 1). */
const MIX: [MutationKind, number][] = [
  ['edit', 0.28],
  ['delete', 0.11],
  ['undo', 0.18],
  ['transfer-edit', 0.11],
  ['transfer-delete', 0.07],
  ['clear', 0.17],
  ['reconcile', 0.08],
];

/**
 * Of edits and deletes (entries and transfers) and of marks taking an entry's cleared state
 * away: the share sent with confirmReconciled, so that reconciled entries are both refused
 * (409 RECONCILED_ENTRY) and changed (docs/ledger.md#reconciliation).
 */
const CONFIRM_SHARE = 0.3;
/** Of cleared marks: the share asking for cleared (the rest: not cleared). */
const CLEARED_SHARE = 0.85;
/** Of entry edits, deletes and cleared marks: the share aimed at an entry marked cleared. */
const LOCKED_TARGET_SHARE = 0.4;

/** Of entry edits on withdrawals and expenses: the share that splits the entry in two lines. */
const SPLIT_SHARE = 0.15;

function pushRecent<T>(list: T[], item: T): void {
  list.push(item);
  if (list.length > RECENT) list.shift();
}

/** A calendar day within the last `days` days (UTC), as `YYYY-MM-DD`. */
function recentDay(rng: Random, days = 60): string {
  return new Date(Date.now() - rng.int(0, days) * 86_400_000).toISOString().slice(0, 10);
}

/** A body with confirmReconciled: true when the request confirms. */
function confirmed(
  body: Record<string, unknown> | undefined,
  confirm: boolean,
): Record<string, unknown> {
  return confirm ? { ...body, confirmReconciled: true } : { ...body };
}

/**
 * Learns the entries, transfers and changes the server acknowledged, and plans edits, deletes
 * and undos of them: the ledger's other operations (docs/ledger.md#the-change-engine), sent with
 * an Idempotency-Key and duplicated like every other request.
 */
export class MutationPlanner {
  private readonly entries: KnownEntry[] = [];
  /** Entries a cleared mark was acknowledged for: what reconciliations lock. */
  private readonly cleared: KnownEntry[] = [];
  /** Cleared entries on an account a reconciliation was acknowledged for since: likely locked. */
  private readonly reconciled: KnownEntry[] = [];
  private readonly transfers: KnownTransfer[] = [];
  private readonly changes: KnownChange[] = [];

  constructor(private readonly accounts: HarnessAccount[]) {}

  /** Call once an operation has settled: its acknowledged answer becomes a target. */
  learn(op: Operation): void {
    const ack = acknowledgement(op);
    const data = ack && dataOfText<AnswerIds>(ack.bodyText);
    if (!data) return;
    const entryKey = op.target?.entryKey ?? op.key;
    if (op.kind === 'clear' && data.transaction?.cleared !== 'uncleared') {
      const entry = this.entries.find((e) => e.id === op.target?.id);
      if (entry && !this.cleared.includes(entry)) pushRecent(this.cleared, entry);
    }
    if (op.kind === 'reconcile' && data.count) {
      for (const entry of this.cleared) {
        if (entry.accountId === op.accountId && !this.reconciled.includes(entry)) {
          pushRecent(this.reconciled, entry);
        }
      }
    }
    // A reconciliation is not undone during the load: its entries are whatever was cleared,
    // which no one request named, so (l) could not tell which rows its undo may touch.
    if (op.kind === 'reconcile') return;
    if (data.changeId) pushRecent(this.changes, { id: data.changeId, entryKey });
    if (op.kind === 'transfer-edit' && data.transfer?.toAccountId) {
      const known = this.transfers.find((t) => t.id === op.target?.id);
      if (known) known.toAccountId = data.transfer.toAccountId;
    }
    if (op.kind === 'transfer' && data.transfer?.id) {
      pushRecent(this.transfers, {
        key: op.key,
        id: data.transfer.id,
        fromAccountId: op.accountId,
        toAccountId: op.toAccountId ?? '',
      });
    } else if (
      (op.kind === 'deposit' || op.kind === 'withdraw' || op.kind === 'expense') &&
      data.transaction?.id
    ) {
      pushRecent(this.entries, {
        key: op.key,
        id: data.transaction.id,
        kind: op.kind,
        accountId: op.accountId,
      });
    }
  }

  /** A mutation of a known target, or undefined while none of the chosen kind is known. */
  next(key: string, rng: Random): Operation | undefined {
    let roll = rng.next();
    const kind = MIX.find(([, share]) => (roll -= share) < 0)?.[0] ?? 'edit';
    switch (kind) {
      case 'edit':
      case 'delete': {
        if (this.entries.length === 0) return undefined;
        const entry = this.lockedOrNot(rng);
        const base = this.base(key, kind, entry.id, entry.key, entry.accountId);
        const confirmReconciled = rng.chance(CONFIRM_SHARE);
        if (kind === 'delete') return { ...base, confirmReconciled };
        const edit = this.entryEdit(entry, rng);
        return {
          ...base,
          ...edit,
          confirmReconciled,
          body: confirmed(edit.body, confirmReconciled),
        };
      }
      case 'transfer-edit':
      case 'transfer-delete': {
        if (this.transfers.length === 0) return undefined;
        const transfer = rng.pick(this.transfers);
        const base = this.base(key, kind, transfer.id, transfer.key, transfer.fromAccountId);
        const confirmReconciled = rng.chance(CONFIRM_SHARE);
        if (kind === 'transfer-delete') return { ...base, confirmReconciled };
        const edit = this.transferEdit(transfer, rng);
        return {
          ...base,
          ...edit,
          confirmReconciled,
          body: confirmed(edit.body, confirmReconciled),
        };
      }
      case 'clear': {
        if (this.entries.length === 0) return undefined;
        const entry = this.lockedOrNot(rng);
        const cleared = rng.chance(CLEARED_SHARE);
        const confirmReconciled = !cleared && rng.chance(CONFIRM_SHARE);
        return {
          ...this.base(key, kind, entry.id, entry.key, entry.accountId),
          confirmReconciled,
          body: confirmed({ cleared }, confirmReconciled),
        };
      }
      case 'reconcile': {
        // The statement's balance is read from the account's summary just before it is sent
        // (load.ts); its date is today or a recent day.
        // The account of a recent entry, where the cleared marks land, so that reconciliations
        // lock entries that edits and deletes then aim at.
        const latest = rng.chance(0.5) ? this.cleared.at(-1) : undefined;
        const accountId =
          latest?.accountId ??
          (this.cleared.length > 0 ? rng.pick(this.cleared).accountId : rng.pick(this.accounts).id);
        const statementOn = rng.chance(0.7) ? recentDay(rng, 0) : recentDay(rng);
        const reconcile = { ...this.base(key, kind, '', '', accountId), body: { statementOn } };
        // It names no entry: its entries are whatever is cleared when it runs.
        delete reconcile.target;
        return reconcile;
      }
      case 'undo': {
        if (this.changes.length === 0) return undefined;
        const change = rng.pick(this.changes);
        return this.base(key, kind, change.id, change.entryKey, '');
      }
      // Rules are applied in a step of their own after the load (rule-step.ts); rates by hand
      // are planned by the load (load.ts).
      case 'rule-apply':
      case 'rate':
        return undefined;
    }
  }

  /** A known entry, often one marked cleared (and maybe reconciled since): the lock is met. */
  private lockedOrNot(rng: Random): KnownEntry {
    if (!rng.chance(LOCKED_TARGET_SHARE)) return rng.pick(this.entries);
    if (this.reconciled.length > 0 && rng.chance(0.6)) return rng.pick(this.reconciled);
    return rng.pick(this.cleared.length > 0 ? this.cleared : this.entries);
  }

  private base(
    key: string,
    kind: MutationKind,
    targetId: string,
    entryKey: string,
    accountId: string,
  ): Operation {
    return {
      key,
      kind,
      target: { id: targetId, entryKey },
      accountId,
      currency: this.currencyOf(accountId),
      amountCents: 0n,
      description: '',
      phase: 'load',
      overdraw: false,
      attempts: [],
    };
  }

  /** An amount a client would plausibly type for this account (deposits: anything). */
  private amountFor(kind: MovementKind, accountId: string, rng: Random): bigint {
    if (kind === 'deposit') return BigInt(rng.int(100, 20_000));
    const seen = this.accounts.find((a) => a.id === accountId)?.estimateCents ?? 0n;
    return BigInt(rng.int(2, Math.max(2, Math.min(20_000, Number(seen / 10n)))));
  }

  private currencyOf(accountId: string): string {
    return this.accounts.find((a) => a.id === accountId)?.currency ?? BASE_CURRENCY;
  }

  private units(minor: bigint, accountId: string): number {
    return minorToUnits(minor, this.currencyOf(accountId));
  }

  /** Another account (of `currency` only, when given), or undefined when there is none. */
  private otherAccount(not: string, rng: Random, currency?: string): string | undefined {
    const others = this.accounts.filter(
      (a) => a.id !== not && (currency === undefined || a.currency === currency),
    );
    return others.length === 0 ? undefined : rng.pick(others).id;
  }

  /** Any of amount, account and date (at least one); sometimes a split in two lines. */
  private entryEdit(entry: KnownEntry, rng: Random): Pick<Operation, 'body' | 'amountCents'> {
    const amountCents = this.amountFor(entry.kind, entry.accountId, rng);
    if (entry.kind !== 'deposit' && rng.chance(SPLIT_SHARE)) {
      const first = BigInt(rng.int(1, Number(amountCents) - 1));
      const splits = [first, amountCents - first].map((cents) => ({
        amount: this.units(cents, entry.accountId),
      }));
      return {
        amountCents,
        body: { amount: this.units(amountCents, entry.accountId), splits },
      };
    }
    const body: Record<string, unknown> = {};
    // An entry moves only to an account of its currency (another is a 422): an edit keeps it
    // in its currency, so the account it is on now is of the one known here.
    const moveTo = this.otherAccount(entry.accountId, rng, this.currencyOf(entry.accountId));
    const field = rng.int(0, 2);
    if (field === 0 || rng.chance(0.4) || (field === 1 && !moveTo)) {
      body.amount = this.units(amountCents, entry.accountId);
    }
    if (moveTo && (field === 1 || rng.chance(0.3))) body.accountId = moveTo;
    if (field === 2 || rng.chance(0.3)) body.occurredOn = recentDay(rng);
    return { amountCents: body.amount === undefined ? 0n : amountCents, body };
  }

  /**
   * Any of amount, destination and date (at least one); the source never changes. An edit that
   * changes the amount or the destination between two currencies says both amounts and the
   * destination they are for (docs/money.md#a-transfer-between-two-currencies): the destination
   * another client's edit may have moved is named, so the received amount is in its currency.
   * In one currency, the amount alone (if another edit made it two currencies meanwhile, the
   * server keeps what was received).
   */
  private transferEdit(
    transfer: KnownTransfer,
    rng: Random,
  ): Pick<Operation, 'body' | 'amountCents' | 'receivedCents' | 'toAccountId' | 'toCurrency'> {
    const from = transfer.fromAccountId;
    const amountCents = this.amountFor('withdraw', from, rng);
    const body: Record<string, unknown> = {};
    const field = rng.int(0, 2);
    const changesAmount = field === 0 || rng.chance(0.4);
    const newTo = field === 1 || rng.chance(0.3) ? this.otherAccount(from, rng) : undefined;
    if (field === 2 || rng.chance(0.3)) body.occurredOn = recentDay(rng);
    const to = newTo ?? transfer.toAccountId;
    const fromCurrency = this.currencyOf(from);
    const toCurrency = this.currencyOf(to);
    if ((changesAmount || newTo) && to && fromCurrency !== toCurrency) {
      const receivedCents = receivedFor(amountCents, fromCurrency, toCurrency, rng);
      Object.assign(body, {
        amount: this.units(amountCents, from),
        toAccountId: to,
        receivedAmount: minorToUnits(receivedCents, toCurrency),
      });
      return { amountCents, receivedCents, toAccountId: to, toCurrency, body };
    }
    if (changesAmount) body.amount = this.units(amountCents, from);
    if (newTo) body.toAccountId = newTo;
    if (Object.keys(body).length === 0) body.amount = this.units(amountCents, from);
    return { amountCents: body.amount === undefined ? 0n : amountCents, body };
  }
}
