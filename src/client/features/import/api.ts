import { useMutation } from '@tanstack/react-query';
import type { CsvMapping, ImportReading } from '../../../shared/schemas/import.js';
import type { RuleDraft } from '../../../shared/schemas/rule.js';
import { unwrap } from '../../lib/envelope.js';
import { invalidateMoneyViews } from '../../lib/money-views.js';
import { RETRY_UNANSWERED } from '../../lib/query-client.js';
import { trpc, withIdempotencyKey } from '../../lib/trpc.js';

/**
 * Import's data (docs/import.md): the preview (changes nothing, so it needs no key), the import
 * and the revert and its undo (one request per intent, with the submission's Idempotency-Key), the batches
 * of an account and the book's rules.
 */

export interface ImportFile {
  accountId: string;
  fileName: string;
  /** The file's bytes in base64. */
  content: string;
  mapping?: CsvMapping | undefined;
  /** Answers to the choices the preview listed (encoding, a QIF's date order...). */
  reading?: ImportReading | undefined;
  /** A file with several statements: the account of each (null: skip it). */
  statements?: { index: number; accountId: string | null }[] | undefined;
}

export function usePreviewImport() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: (input: ImportFile) => utils.client.imports.preview.mutate(input).then(unwrap),
  });
}

export function useCommitImport() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({
      idempotencyKey,
      ...input
    }: ImportFile & { lines: number[]; idempotencyKey: string }) =>
      utils.client.imports.commit.mutate(input, withIdempotencyKey(idempotencyKey)).then(unwrap),
    onSuccess: () => {
      void invalidateMoneyViews(utils);
      void utils.imports.invalidate();
    },
    ...RETRY_UNANSWERED,
  });
}

export function useImportBatches(accountId: string | undefined) {
  return trpc.imports.list.useQuery(
    { accountId },
    { select: unwrap, enabled: accountId !== undefined },
  );
}

export function useRevertImport() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
      utils.client.imports.revert.mutate({ id }, withIdempotencyKey(idempotencyKey)),
    onSuccess: () => {
      void invalidateMoneyViews(utils);
      void utils.imports.invalidate();
    },
    ...RETRY_UNANSWERED,
  });
}

/**
 * Undoing a revert: POST /api/imports/{id}/undo-revert, from the revert's toast or the batch's
 * "Undo revert" (one request per intent, with its Idempotency-Key).
 */
export function useUndoRevertImport() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: { id: string; idempotencyKey: string }) =>
      utils.client.imports.undoRevert.mutate({ id }, withIdempotencyKey(idempotencyKey)),
    onSuccess: () => Promise.all([invalidateMoneyViews(utils), utils.imports.invalidate()]),
    ...RETRY_UNANSWERED,
  });
}

export function useRules() {
  return trpc.rules.list.useQuery({}, { select: unwrap });
}

type Keyed<T> = T & { idempotencyKey: string };
/** A rule as the form sends it (the server fills in what is left out). */
export type RuleInput = Omit<RuleDraft, 'enabled'> & { enabled?: boolean };

/** Rules change what the next import sets: the list is refetched after every change. */
export function useSaveRule() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...input }: Keyed<RuleInput & { id?: string }>) =>
      input.id === undefined
        ? utils.client.rules.create.mutate(input, withIdempotencyKey(idempotencyKey))
        : utils.client.rules.update.mutate(
            { ...input, id: input.id },
            withIdempotencyKey(idempotencyKey),
          ),
    onSuccess: () => void utils.rules.invalidate(),
    ...RETRY_UNANSWERED,
  });
}

export function useDeleteRule() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({ id, idempotencyKey }: Keyed<{ id: string }>) =>
      utils.client.rules.delete.mutate({ id }, withIdempotencyKey(idempotencyKey)),
    onSuccess: () => void utils.rules.invalidate(),
    ...RETRY_UNANSWERED,
  });
}

export function useReorderRules() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({ ruleIds, idempotencyKey }: Keyed<{ ruleIds: string[] }>) =>
      utils.client.rules.reorder.mutate({ ruleIds }, withIdempotencyKey(idempotencyKey)),
    onSuccess: () => void utils.rules.invalidate(),
    ...RETRY_UNANSWERED,
  });
}

/** What a draft would match among the latest entries; nothing is saved. */
export function useTestRule() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: (input: RuleInput) => utils.client.rules.test.mutate(input).then(unwrap),
  });
}

/** The book's accounts, to name the account of a rule's condition and of its matches. */
export function useRuleAccounts() {
  return trpc.account.list.useQuery({}, { select: unwrap });
}

/** What a rule would change, as its test listed it (entries with the versions the test saw). */
export type RuleTestResult = Awaited<ReturnType<ReturnType<typeof useTestRule>['mutateAsync']>>;

/**
 * A rule applied to the entries its test listed: one change (docs/import.md#rules), so the
 * ledger's views are read again, as after any change of entries.
 */
export function useApplyRule() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({
      idempotencyKey,
      ...input
    }: Keyed<RuleInput & { entries: { id: string; version: number }[] }>) =>
      utils.client.rules.applyToEntries
        .mutate(input, withIdempotencyKey(idempotencyKey))
        .then(unwrap),
    onSuccess: () => Promise.all([invalidateMoneyViews(utils), utils.entry.invalidate()]),
    ...RETRY_UNANSWERED,
  });
}

/** Undoes the change an apply made (POST /api/changes/{id}/undo), then reads the views again. */
export function useUndoRuleApply() {
  const utils = trpc.useUtils();
  return useMutation({
    mutationFn: ({ changeId, idempotencyKey }: Keyed<{ changeId: string }>) =>
      utils.client.change.undo.mutate({ id: changeId }, withIdempotencyKey(idempotencyKey)),
    onSuccess: () => Promise.all([invalidateMoneyViews(utils), utils.entry.invalidate()]),
    ...RETRY_UNANSWERED,
  });
}
