import { hash } from 'node:crypto';
import type { DbOrTx } from '../../db/connect.js';
import { minorUnitsToUnits } from '../../../shared/currency-money.js';
import type { ImportRow } from '../../../shared/schemas/import.js';
import { activeRules } from '../rules/index.js';
import { Pacer } from '../../lib/pacer.js';
import { assertPatternText, firstMatch } from '../rules/index.js';
import { categoryNames, findImportedEntries, type ImportedEntry } from './import-repository.js';
import type { ParsedRow, RowError } from './parsed-file.js';
import { foldText } from '../../lib/text-fold.js';

// How each row of a file meets the account (docs/import.md#duplicates): its key (the bank's id,
// or a fingerprint and its occurrence among identical rows of the file), the live entry it
// duplicates, and what the rules set on it.

/** A row as it would be written, with its keys. */
export interface PlannedRow {
  row: ParsedRow;
  status: 'new' | 'duplicate';
  duplicateOf: ImportedEntry | null;
  bankRef: string | null;
  fingerprint: string | null;
  occurrence: number | null;
  description: string;
  payee: string;
  categoryId: string | null;
  ruleId: string | null;
  tags: string[];
}

/** sha-256 of date, signed amount and folded description: what a row without bank id is. */
export function fingerprintOf(
  row: Pick<ParsedRow, 'occurredOn' | 'amountCents' | 'description'>,
): string {
  // One-shot hashing: a hash object per row cost several times as much on 20,000 rows.
  return hash(
    'sha256',
    `${row.occurredOn}|${row.amountCents.toString()}|${foldText(row.description)}`,
    'hex',
  );
}

export async function analyseRows(
  db: DbOrTx,
  bookId: string,
  accountId: string,
  rows: readonly ParsedRow[],
): Promise<{ planned: PlannedRow[]; errors: RowError[] }> {
  const errors: RowError[] = [];
  const seenRefs = new Map<string, number>();
  const occurrences = new Map<string, number>();
  const keyed: {
    row: ParsedRow;
    bankRef: string | null;
    fingerprint: string | null;
    occurrence: number | null;
  }[] = [];
  // Keys, rules and categories for up to 20,000 rows: a fingerprint is a hash of folded text,
  // about 20 µs a row, so the loops below give the event loop a turn every few milliseconds.
  const pacer = new Pacer();
  for (const row of rows) {
    if (pacer.step()) await pacer.pause();
    if (row.bankRef !== null) {
      const earlier = seenRefs.get(row.bankRef);
      if (earlier !== undefined) {
        errors.push({
          line: row.line,
          reason: `The bank id “${row.bankRef}” is also on line ${earlier} of this file`,
          text: `${row.occurredOn} ${row.description}`,
        });
        continue;
      }
      seenRefs.set(row.bankRef, row.line);
      keyed.push({ row, bankRef: row.bankRef, fingerprint: null, occurrence: null });
    } else {
      const fingerprint = fingerprintOf(row);
      const occurrence = (occurrences.get(fingerprint) ?? 0) + 1;
      occurrences.set(fingerprint, occurrence);
      keyed.push({ row, bankRef: null, fingerprint, occurrence });
    }
  }
  const existing = await findImportedEntries(
    db,
    bookId,
    accountId,
    [...seenRefs.keys()],
    [...occurrences.keys()],
  );
  const byRef = new Map<string, ImportedEntry>();
  const byFingerprint = new Map<string, ImportedEntry>();
  for (const entry of existing) {
    if (entry.bank_ref !== null) byRef.set(entry.bank_ref, entry);
    if (entry.import_fingerprint !== null) {
      byFingerprint.set(`${entry.import_fingerprint}#${entry.import_occurrence}`, entry);
    }
  }
  // Rules that name another account never reach a row's text; the rest may read at most
  // RULE_PATTERN_TEXT_MAX characters with their patterns (checked before any runs), and run
  // paced, so a large file leaves the event loop free (docs/import.md#rules).
  const rules = (await activeRules(db, bookId, pacer)).filter(
    (rule) => rule.accountId === null || rule.accountId === accountId,
  );
  assertPatternText(rules, {
    description: keyed.reduce((sum, { row }) => sum + row.description.length, 0),
    payee: keyed.reduce((sum, { row }) => sum + row.payee.length, 0),
  });
  const categories = new Map<string, string>();
  if (rows.some((row) => row.categoryName !== null)) {
    for (const category of await categoryNames(db, bookId)) {
      const key = foldText(category.name);
      if (!categories.has(key)) categories.set(key, category.id);
    }
  }
  const planned: PlannedRow[] = [];
  for (const { row, bankRef, fingerprint, occurrence } of keyed) {
    if (pacer.step()) await pacer.pause();
    const duplicateOf =
      (bankRef !== null ? byRef.get(bankRef) : byFingerprint.get(`${fingerprint}#${occurrence}`)) ??
      null;
    const rule = await firstMatch(
      rules,
      {
        accountId,
        amountCents: row.amountCents,
        description: row.description,
        payee: row.payee,
      },
      pacer,
    );
    const fileCategory =
      row.categoryName === null ? null : (categories.get(foldText(row.categoryName)) ?? null);
    planned.push({
      row,
      status: duplicateOf ? 'duplicate' : 'new',
      duplicateOf,
      bankRef,
      fingerprint,
      occurrence,
      description: rule?.set.description ?? row.description,
      payee: rule?.set.payee ?? row.payee,
      categoryId: rule?.set.categoryId ?? fileCategory,
      ruleId: rule?.id ?? null,
      tags: rule?.set.tags ?? [],
    });
  }
  return { planned, errors };
}

const signedOf = (entry: ImportedEntry) => {
  const cents = BigInt(entry.amount_cents);
  return entry.transaction_type === 'deposit' || entry.transaction_type === 'transfer_in'
    ? cents
    : -cents;
};

/**
 * A planned row as the review shows it: amounts in units of its account's currency, which the
 * row carries once placed in its account (account-amounts.ts).
 */
export function toImportRow(plan: PlannedRow, statement: number): ImportRow {
  const match = plan.duplicateOf;
  const currency = plan.row.currency ?? 'USD';
  const centsToUnits = (minor: bigint) => minorUnitsToUnits(minor, currency);
  return {
    line: plan.row.line,
    statement,
    currency: plan.row.currency,
    writtenAmount: plan.row.writtenAmount,
    status: plan.status,
    occurredOn: plan.row.occurredOn,
    amount: centsToUnits(plan.row.amountCents),
    description: plan.description,
    payee: plan.payee,
    bankRef: plan.bankRef,
    duplicateOf: match
      ? {
          id: match.id,
          occurredOn: match.occurred_on,
          amount: centsToUnits(signedOf(match)),
          description: match.description,
        }
      : null,
    categoryId: plan.categoryId,
    ruleId: plan.ruleId,
    tags: plan.tags,
  };
}
