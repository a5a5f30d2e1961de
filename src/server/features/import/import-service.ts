import type { DbOrTx } from '../../db/connect.js';
import { inTransaction } from '../../db/in-transaction.js';
import type { AccountRow, ImportBatchRow } from '../../db/schema.js';
import { Pacer } from '../../lib/pacer.js';
import { AppError } from '../../lib/app-error.js';
import { toAccount } from '../accounts/index.js';
import { findAccount, lockAccount } from '../accounts/index.js';
import { MESSAGES } from '../../../shared/errors.js';
import { MAX_BALANCE_CENTS, formatCents } from '../../../shared/money.js';
import { formatMinorUnits, minorUnitsToUnits } from '../../../shared/currency-money.js';
import { currencyExponent } from '../../../shared/currencies.js';
import {
  type ImportBatch,
  type ImportCommitInput,
  type ImportPreview,
  type ImportPreviewInput,
  type ImportRow,
} from '../../../shared/schemas/import.js';
import type { Account } from '../../../shared/schemas/account.js';
import { analyseRows, toImportRow, type PlannedRow } from './import-analysis.js';
import {
  deleteBatchEntries,
  finishBatch,
  findSameFile,
  insertBatch,
  insertChange,
  insertEntries,
  listBatches,
  liveBatchTotals,
  reconciledBatchCount,
  lockBatch,
  lockBatchEntries,
  markReverted,
  moveBalance,
  saveMapping,
  type ImportEntryValues,
} from './import-repository.js';
import { assertAnswered, readImportFile, type StatementTarget } from './import-reading.js';
import type { RowError } from './parsed-file.js';

// Bank file import (docs/import.md): preview, commit as one batch in the caller's transaction
// (all or nothing), list, revert. Amounts are minor units of the account's currency
// (docs/import.md#currencies).

/** An amount in a message: two-decimal currencies as they always were, others with their code. */
const money = (minor: bigint, currency: string) =>
  currencyExponent(currency) === 2
    ? formatCents(minor)
    : `${formatMinorUnits(minor, currency)} ${currency}`;

export const IMPORT_MESSAGES = {
  notFound: 'Import not found',
  alreadyReverted: 'This import was already reverted',
  accountGone: 'The account of this import was deleted; it cannot be reverted',
  accountGoneForUndo: 'The account of this import was deleted; its revert cannot be undone',
  notReverted: 'This import is not reverted',
  reconciled: (n: number) =>
    `${n === 1 ? 'An entry' : `${n} entries`} of this import ${n === 1 ? 'is' : 'are'} reconciled against a statement: reverting it would change a balance you reconciled. Nothing was reverted; delete ${n === 1 ? 'that entry' : 'those entries'} on its own if you mean to (it asks first)`,
  changedSinceRevert:
    'An entry of this import was changed after the revert; the revert can no longer be undone',
  undoRevertBelowFloor: (title: string, after: bigint, floor: bigint, currency = 'USD') =>
    `Undoing this revert would leave the balance of “${title}” at ${money(after, currency)}, below the lowest it may go (${money(floor, currency)})`,
  importedAgain: (n: number) =>
    `${n === 1 ? 'A row' : `${n} rows`} of this import ${n === 1 ? 'was' : 'were'} imported again after the revert; undoing it would add ${n === 1 ? 'it' : 'them'} twice (revert the later import first)`,
  allDuplicates: 'Nothing to import: every row of this file is already in this account',
  noneChosen: 'Nothing to import: no rows were chosen',
  noLine: (line: number) => `There is no line ${line} in this file`,
  skippedLine: (line: number, statement: string) =>
    `Line ${line} belongs to the statement “${statement}”, which this import skips`,
  badLine: (line: number, reason: string) => `Line ${line} cannot be imported: ${reason}`,
  belowFloor: (after: bigint, floor: bigint, currency = 'USD') =>
    `This import would leave the balance at ${money(after, currency)}, below the lowest it may go (${money(floor, currency)}); record an opening balance first`,
  aboveCap: `This import would take the balance above the limit of ${formatCents(MAX_BALANCE_CENTS)}`,
  revertBelowFloor: (title: string, after: bigint, floor: bigint, currency = 'USD') =>
    `Reverting this import would leave the balance of “${title}” at ${money(after, currency)}, below the lowest it may go (${money(floor, currency)})`,
  currencyChanged:
    'The account’s currency changed while this file was being read; preview the import again',
} as const;

const BATCH_LIST_MAX = 200;

export function toBatch(row: ImportBatchRow, currency = 'USD'): ImportBatch {
  return {
    id: row.id,
    accountId: row.account_id,
    fileName: row.file_name,
    format: row.format,
    entryCount: row.entry_count,
    // A batch's rows are all in its account's currency; the caller gives it when it is not USD.
    total: minorUnitsToUnits(BigInt(row.total_cents), currency),
    createdAt: row.created_at.toISOString(),
    revertedAt: row.reverted_at ? row.reverted_at.toISOString() : null,
  };
}

const signedSum = (plans: readonly PlannedRow[]) =>
  plans.reduce((sum, plan) => sum + plan.row.amountCents, 0n);

/** The live account a statement goes to, or 404. */
async function accountOf(db: DbOrTx, bookId: string, accountId: string): Promise<AccountRow> {
  const account = await findAccount(db, bookId, accountId);
  if (!account) throw new AppError('NOT_FOUND', MESSAGES.accountNotFound);
  return account;
}

export async function previewImport(
  db: DbOrTx,
  bookId: string,
  input: ImportPreviewInput,
): Promise<ImportPreview> {
  const main = await accountOf(db, bookId, input.accountId);
  const file = await readImportFile(db, { ...input, bookId });
  const { parsed } = file;
  const rows: ImportRow[] = [];
  const errors: RowError[] = [];
  const statements: ImportPreview['statements'] = [];
  let mainFresh = 0n;
  let newCount = 0;
  let duplicateCount = 0;
  // Up to 20,000 rows turned into the answer: a turn for others every few milliseconds.
  const pacer = new Pacer();
  for (const { statement, accountId } of file.targets) {
    const summary = {
      index: statement.index,
      label: statement.label,
      accountRef: statement.accountRef,
      currency: statement.currency,
      accountId,
      rowCount: statement.rows.length,
      balanceBefore: null as number | null,
      balanceAfter: null as number | null,
      floor: null as number | null,
    };
    statements.push(summary);
    if (accountId === null) continue;
    const account = accountId === main.id ? main : await accountOf(db, bookId, accountId);
    const analysed = await analyseRows(db, bookId, accountId, statement.rows);
    const fresh = signedSum(analysed.planned.filter((plan) => plan.status === 'new'));
    const before = BigInt(account.balance_cents);
    const units = (minor: bigint) => minorUnitsToUnits(minor, account.currency);
    Object.assign(summary, {
      balanceBefore: units(before),
      balanceAfter: units(before + fresh),
      floor: units(-BigInt(account.credit_limit_cents)),
    });
    if (accountId === main.id) mainFresh = fresh;
    for (const plan of analysed.planned) {
      if (pacer.step()) await pacer.pause();
      rows.push(toImportRow(plan, statement.index));
      if (plan.status === 'new') newCount += 1;
      else duplicateCount += 1;
    }
    errors.push(...statement.errors, ...analysed.errors);
  }
  const same = await findSameFile(db, bookId, input.accountId, file.sha256);
  const before = BigInt(main.balance_cents);
  const units = (minor: bigint) => minorUnitsToUnits(minor, main.currency);
  return {
    format: parsed.format,
    encoding: parsed.encoding,
    choices: file.choices,
    statements,
    unsupported: parsed.unsupported,
    sameFile: same ? toBatch(same, main.currency) : null,
    csv: parsed.csv,
    rows,
    errors: errors.sort((a, b) => a.line - b.line),
    newCount,
    duplicateCount,
    currency: main.currency,
    balanceBefore: units(before),
    balanceAfter: units(before + mainFresh),
    floor: units(-BigInt(main.credit_limit_cents)),
  };
}

/**
 * The rows of a statement to write: the lines asked for, or every new row (possibly none); a
 * ticked duplicate loses its keys.
 */
function chooseRows(
  planned: readonly PlannedRow[],
  errors: readonly { line: number; reason: string }[],
  lines: readonly number[] | undefined,
): ImportEntryValues[] {
  let chosen: { plan: PlannedRow; forced: boolean }[];
  if (lines === undefined) {
    chosen = planned
      .filter((plan) => plan.status === 'new')
      .map((plan) => ({ plan, forced: false }));
  } else {
    const byLine = new Map(planned.map((plan) => [plan.row.line, plan]));
    const brokenLines = new Map(errors.map((error) => [error.line, error.reason]));
    chosen = [];
    for (const line of new Set(lines)) {
      const plan = byLine.get(line);
      if (plan) {
        chosen.push({ plan, forced: plan.status === 'duplicate' });
        continue;
      }
      const reason = brokenLines.get(line);
      throw new AppError(
        'UNPROCESSABLE',
        reason === undefined ? IMPORT_MESSAGES.noLine(line) : IMPORT_MESSAGES.badLine(line, reason),
      );
    }
    chosen.sort((a, b) => a.plan.row.line - b.plan.row.line);
  }
  return chosen.map(({ plan, forced }) => {
    const cents = plan.row.amountCents;
    return {
      type: cents > 0n ? 'deposit' : 'expense',
      amount: (cents > 0n ? cents : -cents).toString(),
      description: plan.description,
      occurred_on: plan.row.occurredOn,
      category_id: plan.categoryId,
      payee: plan.payee,
      tags: plan.tags,
      // A row the person says is not a duplicate is written without the key it shares.
      bank_ref: forced ? null : plan.bankRef,
      fingerprint: forced ? null : plan.fingerprint,
      occurrence: forced ? null : plan.occurrence,
    };
  });
}

/** Why a balance move was refused, with the figure it would have reached. */
function balanceRefusal(account: AccountRow, delta: bigint): AppError {
  const after = BigInt(account.balance_cents) + delta;
  if (after > MAX_BALANCE_CENTS)
    return new AppError('BALANCE_LIMIT_EXCEEDED', IMPORT_MESSAGES.aboveCap);
  return new AppError(
    'INSUFFICIENT_FUNDS',
    IMPORT_MESSAGES.belowFloor(after, -BigInt(account.credit_limit_cents), account.currency),
  );
}

/** The lines a commit asked for that belong to each statement (undefined: every new row). */
function linesByStatement(
  targets: readonly StatementTarget[],
  lines: readonly number[] | undefined,
): Map<number, number[] | undefined> {
  const byStatement = new Map<number, number[] | undefined>();
  if (lines === undefined) {
    for (const { statement } of targets) byStatement.set(statement.index, undefined);
    return byStatement;
  }
  const owner = new Map<number, StatementTarget>();
  for (const target of targets) {
    for (const row of target.statement.rows) owner.set(row.line, target);
    for (const error of target.statement.errors) owner.set(error.line, target);
  }
  for (const target of targets) byStatement.set(target.statement.index, []);
  for (const line of new Set(lines)) {
    const target = owner.get(line);
    if (!target) throw new AppError('UNPROCESSABLE', IMPORT_MESSAGES.noLine(line));
    if (target.accountId === null) {
      throw new AppError(
        'UNPROCESSABLE',
        IMPORT_MESSAGES.skippedLine(line, target.statement.label),
      );
    }
    byStatement.get(target.statement.index)?.push(line);
  }
  return byStatement;
}

/**
 * Imports the chosen rows, one batch per statement (most files: one), in one transaction: each
 * batch, its change, the entries with their history, the balances, all or nothing. Every
 * account is locked (in id order) from the duplicate check to the commit, and the unique indexes
 * skip anything a concurrent import added, so no row is ever written twice. Refused while the
 * file leaves a question unanswered.
 */
export function commitImport(
  db: DbOrTx,
  ctx: { bookId: string; actorId: string },
  input: ImportCommitInput,
): Promise<{
  batch: ImportBatch;
  account: Account;
  batches: ImportBatch[];
  accounts: Account[];
  imported: number;
  skipped: number;
}> {
  return inTransaction(db, async (trx) => {
    const file = await readImportFile(trx, { ...input, bookId: ctx.bookId });
    const { parsed } = file;
    // The accounts first, in id order (docs/ledger.md#concurrency), each must be live.
    const targets = file.targets.filter((t) => t.accountId !== null);
    const locked = new Map<string, AccountRow>();
    for (const id of targets.map((t) => t.accountId as string).sort()) {
      const account = await lockAccount(trx, ctx.bookId, id);
      if (!account) throw new AppError('NOT_FOUND', MESSAGES.accountNotFound);
      // The rows were placed in the currency read with the file; an account without entries
      // may have changed it since (an account with entries cannot).
      if (file.currencies.get(id) !== account.currency) {
        throw new AppError('CONFLICT', IMPORT_MESSAGES.currencyChanged);
      }
      locked.set(id, account);
    }
    if (parsed.csv?.problem) throw new AppError('UNPROCESSABLE', parsed.csv.problem);
    assertAnswered(file.choices);
    const wanted = linesByStatement(file.targets, input.lines);
    const plans: { target: StatementTarget; entries: ImportEntryValues[]; skipped: number }[] = [];
    for (const target of targets) {
      const { statement } = target;
      const { planned, errors } = await analyseRows(
        trx,
        ctx.bookId,
        target.accountId as string,
        statement.rows,
      );
      const lines = wanted.get(statement.index);
      // With several statements, one may have nothing new while another has.
      const entries =
        lines !== undefined && lines.length === 0
          ? []
          : chooseRows(planned, [...statement.errors, ...errors], lines);
      const rowCount = planned.length + errors.length + statement.errors.length;
      plans.push({ target, entries, skipped: rowCount - entries.length });
    }
    if (plans.every((plan) => plan.entries.length === 0)) {
      const anyRows = plans.some((plan) => plan.skipped > 0);
      throw new AppError(
        'UNPROCESSABLE',
        anyRows && input.lines === undefined
          ? IMPORT_MESSAGES.allDuplicates
          : IMPORT_MESSAGES.noneChosen,
      );
    }
    const batches: ImportBatch[] = [];
    const accounts: Account[] = [];
    let imported = 0;
    let skipped = 0;
    for (const { target, entries, skipped: notChosen } of plans) {
      skipped += notChosen;
      if (entries.length === 0) continue;
      const accountId = target.accountId as string;
      const account = locked.get(accountId) as AccountRow;
      const batch = await insertBatch(trx, {
        bookId: ctx.bookId,
        accountId,
        actorId: ctx.actorId,
        fileName: input.fileName,
        format: parsed.format,
        contentSha256: file.sha256,
      });
      const changeId = await insertChange(trx, ctx.bookId, ctx.actorId, 'import');
      const written = await insertEntries(
        trx,
        { bookId: ctx.bookId, accountId, actorId: ctx.actorId, batchId: batch.id, changeId },
        entries,
      );
      // Rows a concurrent import wrote first were skipped by the unique indexes.
      skipped += entries.length - written.count;
      if (written.count === 0) continue;
      const moved = await moveBalance(
        trx,
        ctx.bookId,
        accountId,
        written.totalCents,
        MAX_BALANCE_CENTS,
      );
      if (!moved) {
        throw balanceRefusal(account, written.totalCents);
      }
      const finished = await finishBatch(trx, batch.id, { changeId, ...written });
      batches.push(toBatch(finished, account.currency));
      accounts.push(toAccount(moved));
      imported += written.count;
    }
    const [batch] = batches;
    const [account] = accounts;
    if (!batch || !account) throw new AppError('UNPROCESSABLE', IMPORT_MESSAGES.allDuplicates);
    if (parsed.csv) {
      await saveMapping(trx, ctx.bookId, input.accountId, JSON.stringify(parsed.csv.mapping));
    }
    return { batch, account, batches, accounts, imported, skipped };
  });
}

export async function listImports(
  db: DbOrTx,
  bookId: string,
  accountId: string | undefined,
): Promise<ImportBatch[]> {
  if (accountId !== undefined && !(await findAccount(db, bookId, accountId))) {
    throw new AppError('NOT_FOUND', MESSAGES.accountNotFound);
  }
  return (await listBatches(db, bookId, accountId, BATCH_LIST_MAX)).map((row) =>
    toBatch(row, row.currency),
  );
}

/**
 * Reverts a batch as a whole: its live entries are deleted (softly, with history) and every
 * balance they are on moves back, refused with the figure when one would go below its floor.
 */
export async function revertImport(
  db: DbOrTx,
  ctx: { bookId: string; actorId: string },
  batchId: string,
): Promise<{ batch: ImportBatch; account: Account }> {
  const batch = await lockBatch(db, ctx.bookId, batchId);
  if (!batch || batch.change_id === null) throw new AppError('NOT_FOUND', IMPORT_MESSAGES.notFound);
  if (batch.reverted_at !== null) throw new AppError('CONFLICT', IMPORT_MESSAGES.alreadyReverted);
  // The entries, then every account they are on and the batch's own, each set in id order:
  // the order of every change of the ledger, so a revert and an edit cannot deadlock.
  await lockBatchEntries(db, ctx.bookId, batchId);
  // A revert is one statement outside the change engine: it keeps the engine's lock on
  // reconciled entries itself, and refuses rather than remove what a statement vouched for.
  const reconciled = await reconciledBatchCount(db, ctx.bookId, batchId);
  if (reconciled > 0)
    throw new AppError('RECONCILED_ENTRY', IMPORT_MESSAGES.reconciled(reconciled));
  const totals = await liveBatchTotals(db, ctx.bookId, batchId);
  const accountIds = [...new Set([batch.account_id, ...totals.map((t) => t.account_id)])].sort();
  const locked = new Map<string, AccountRow>();
  for (const id of accountIds) {
    const account = await lockAccount(db, ctx.bookId, id);
    if (!account) throw new AppError('UNPROCESSABLE', IMPORT_MESSAGES.accountGone);
    locked.set(id, account);
  }
  const home = locked.get(batch.account_id) as AccountRow;
  let homeAfter = home;
  for (const { account_id, total } of totals) {
    const account = locked.get(account_id) as AccountRow;
    const delta = -BigInt(total);
    const moved = await moveBalance(db, ctx.bookId, account_id, delta, MAX_BALANCE_CENTS);
    if (!moved) {
      const after = BigInt(account.balance_cents) + delta;
      throw new AppError(
        'INSUFFICIENT_FUNDS',
        IMPORT_MESSAGES.revertBelowFloor(
          account.title,
          after,
          -BigInt(account.credit_limit_cents),
          account.currency,
        ),
      );
    }
    if (account_id === home.id) homeAfter = moved;
  }
  const changeId = await insertChange(db, ctx.bookId, ctx.actorId, 'import-revert');
  await deleteBatchEntries(db, ctx.bookId, batchId, changeId);
  const reverted = await markReverted(db, batchId, changeId);
  return { batch: toBatch(reverted, home.currency), account: toAccount(homeAfter) };
}
