import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/connect.js';
import type { AccountRow, ImportBatchRow } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import { toAccount } from '../accounts/account-service.js';
import { findAccount, lockAccount } from '../accounts/account-repository.js';
import { MESSAGES } from '../../../shared/errors.js';
import { MAX_BALANCE_CENTS, centsToUnits, formatCents } from '../../../shared/money.js';
import {
  csvMappingSchema,
  type CsvMapping,
  type ImportBatch,
  type ImportCommitInput,
  type ImportPreview,
  type ImportPreviewInput,
} from '../../../shared/schemas/import.js';
import type { Account } from '../../../shared/schemas/account.js';
import { analyseRows, toImportRow, type PlannedRow } from './import-analysis.js';
import {
  deleteBatchEntries,
  finishBatch,
  findMapping,
  findSameFile,
  insertBatch,
  insertChange,
  insertEntries,
  listBatches,
  liveBatchTotals,
  lockBatch,
  lockBatchEntries,
  markReverted,
  moveBalance,
  saveMapping,
  type ImportEntryValues,
} from './import-repository.js';
import { parseBankFile } from './parse-file.js';
import type { ParsedFile } from './parsed-file.js';

// Bank file import (docs/import.md): preview, commit as one batch in the caller's transaction
// (all or nothing), list, revert.

export const IMPORT_MESSAGES = {
  notFound: 'Import not found',
  alreadyReverted: 'This import was already reverted',
  accountGone: 'The account of this import was deleted; it cannot be reverted',
  allDuplicates: 'Nothing to import: every row of this file is already in this account',
  noneChosen: 'Nothing to import: no rows were chosen',
  noLine: (line: number) => `There is no line ${line} in this file`,
  badLine: (line: number, reason: string) => `Line ${line} cannot be imported: ${reason}`,
  belowFloor: (after: bigint, floor: bigint) =>
    `This import would leave the balance at ${formatCents(after)}, below the lowest it may go (${formatCents(floor)}); record an opening balance first`,
  aboveCap: `This import would take the balance above the limit of ${formatCents(MAX_BALANCE_CENTS)}`,
  revertBelowFloor: (title: string, after: bigint, floor: bigint) =>
    `Reverting this import would leave the balance of “${title}” at ${formatCents(after)}, below the lowest it may go (${formatCents(floor)})`,
} as const;

const BATCH_LIST_MAX = 200;

export function toBatch(row: ImportBatchRow): ImportBatch {
  return {
    id: row.id,
    accountId: row.account_id,
    fileName: row.file_name,
    format: row.format,
    entryCount: row.entry_count,
    total: centsToUnits(BigInt(row.total_cents)),
    createdAt: row.created_at.toISOString(),
    revertedAt: row.reverted_at ? row.reverted_at.toISOString() : null,
  };
}

interface FileRequest {
  bookId: string;
  accountId: string;
  content: string;
  mapping?: CsvMapping | undefined;
}

/** The file read with the given mapping, else the account's remembered one when it fits, else a guess. */
async function readFile(
  db: DbOrTx,
  req: FileRequest,
): Promise<{ parsed: ParsedFile; sha256: string }> {
  const bytes = Buffer.from(req.content, 'base64');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  let parsed = parseBankFile(bytes, req.mapping);
  if (req.mapping === undefined && parsed.format === 'csv') {
    const stored = await findMapping(db, req.bookId, req.accountId);
    const remembered =
      stored === undefined ? undefined : csvMappingSchema.safeParse(JSON.parse(stored));
    if (remembered?.success) {
      const withRemembered = parseBankFile(bytes, remembered.data);
      // The remembered mapping wins unless the file's own headers read more of its rows.
      if (
        withRemembered.csv?.problem === null &&
        withRemembered.rows.length >= parsed.rows.length
      ) {
        parsed = withRemembered;
      }
    }
  }
  return { parsed, sha256 };
}

const signedSum = (plans: readonly PlannedRow[]) =>
  plans.reduce((sum, plan) => sum + plan.row.amountCents, 0n);

export async function previewImport(
  db: DbOrTx,
  bookId: string,
  input: ImportPreviewInput,
): Promise<ImportPreview> {
  const account = await findAccount(db, bookId, input.accountId);
  if (!account) throw new AppError('NOT_FOUND', MESSAGES.accountNotFound);
  const { parsed, sha256 } = await readFile(db, { ...input, bookId });
  const { planned, errors } = await analyseRows(db, bookId, input.accountId, parsed.rows);
  const same = await findSameFile(db, bookId, input.accountId, sha256);
  const fresh = planned.filter((plan) => plan.status === 'new');
  const before = BigInt(account.balance_cents);
  return {
    format: parsed.format,
    sameFile: same ? toBatch(same) : null,
    csv: parsed.csv,
    rows: planned.map(toImportRow),
    errors: [...parsed.errors, ...errors].sort((a, b) => a.line - b.line),
    newCount: fresh.length,
    duplicateCount: planned.length - fresh.length,
    balanceBefore: centsToUnits(before),
    balanceAfter: centsToUnits(before + signedSum(fresh)),
    floor: centsToUnits(-BigInt(account.credit_limit_cents)),
  };
}

/** The rows to write: the lines asked for, or every new row; a ticked duplicate loses its keys. */
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
    if (chosen.length === 0) {
      throw new AppError(
        'UNPROCESSABLE',
        planned.length > 0 ? IMPORT_MESSAGES.allDuplicates : IMPORT_MESSAGES.noneChosen,
      );
    }
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
    if (chosen.length === 0) throw new AppError('UNPROCESSABLE', IMPORT_MESSAGES.noneChosen);
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
function balanceRefusal(balance: bigint, delta: bigint, creditLimit: bigint): AppError {
  const after = balance + delta;
  if (after > MAX_BALANCE_CENTS)
    return new AppError('BALANCE_LIMIT_EXCEEDED', IMPORT_MESSAGES.aboveCap);
  return new AppError('INSUFFICIENT_FUNDS', IMPORT_MESSAGES.belowFloor(after, -creditLimit));
}

/**
 * Imports the chosen rows as one batch, in the caller's transaction: the batch, its change, the
 * entries with their history, the balance, all or nothing. The account stays locked from the
 * duplicate check to the commit, and the unique indexes skip anything a concurrent import of
 * another account path added, so no row is ever written twice.
 */
export async function commitImport(
  db: DbOrTx,
  ctx: { bookId: string; actorId: string },
  input: ImportCommitInput,
): Promise<{ batch: ImportBatch; account: Account; imported: number; skipped: number }> {
  const { parsed, sha256 } = await readFile(db, { ...input, bookId: ctx.bookId });
  const account = await lockAccount(db, ctx.bookId, input.accountId);
  if (!account) throw new AppError('NOT_FOUND', MESSAGES.accountNotFound);
  if (parsed.csv?.problem) throw new AppError('UNPROCESSABLE', parsed.csv.problem);
  const { planned, errors } = await analyseRows(db, ctx.bookId, input.accountId, parsed.rows);
  const entries = chooseRows(planned, [...parsed.errors, ...errors], input.lines);
  const batch = await insertBatch(db, {
    bookId: ctx.bookId,
    accountId: input.accountId,
    actorId: ctx.actorId,
    fileName: input.fileName,
    format: parsed.format,
    contentSha256: sha256,
  });
  const changeId = await insertChange(db, ctx.bookId, ctx.actorId, 'import');
  const written = await insertEntries(
    db,
    {
      bookId: ctx.bookId,
      accountId: input.accountId,
      actorId: ctx.actorId,
      batchId: batch.id,
      changeId,
    },
    entries,
  );
  if (written.count === 0) throw new AppError('UNPROCESSABLE', IMPORT_MESSAGES.allDuplicates);
  const moved = await moveBalance(
    db,
    ctx.bookId,
    input.accountId,
    written.totalCents,
    MAX_BALANCE_CENTS,
  );
  if (!moved) {
    throw balanceRefusal(
      BigInt(account.balance_cents),
      written.totalCents,
      BigInt(account.credit_limit_cents),
    );
  }
  const finished = await finishBatch(db, batch.id, { changeId, ...written });
  if (parsed.csv)
    await saveMapping(db, ctx.bookId, input.accountId, JSON.stringify(parsed.csv.mapping));
  return {
    batch: toBatch(finished),
    account: toAccount(moved),
    imported: written.count,
    skipped: planned.length + errors.length + parsed.errors.length - written.count,
  };
}

export async function listImports(
  db: DbOrTx,
  bookId: string,
  accountId: string | undefined,
): Promise<ImportBatch[]> {
  if (accountId !== undefined && !(await findAccount(db, bookId, accountId))) {
    throw new AppError('NOT_FOUND', MESSAGES.accountNotFound);
  }
  return (await listBatches(db, bookId, accountId, BATCH_LIST_MAX)).map(toBatch);
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
        IMPORT_MESSAGES.revertBelowFloor(account.title, after, -BigInt(account.credit_limit_cents)),
      );
    }
    if (account_id === home.id) homeAfter = moved;
  }
  const changeId = await insertChange(db, ctx.bookId, ctx.actorId, 'import-revert');
  await deleteBatchEntries(db, ctx.bookId, batchId, changeId);
  const reverted = await markReverted(db, batchId, changeId);
  return { batch: toBatch(reverted), account: toAccount(homeAfter) };
}
