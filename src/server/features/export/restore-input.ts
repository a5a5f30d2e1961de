import { z } from 'zod';
import {
  BOOK_EXPORT_ITEMS,
  BOOK_EXPORT_LISTS,
  RESTORE_ITEMS_MAX,
  restoreBookShellInput,
  type BookExport,
  type BookExportList,
  type RestoreBookInput,
} from '../../../shared/schemas/book-export.js';
import { Pacer, yieldToOthers } from '../../lib/pacer.js';

// A restore's input, parsed a slice at a time (docs/analytics.md#how-a-restore-runs, step 1).

/** Issues reported for a file refused by its schema; more would only make the answer longer. */
const ISSUES_MAX = 100;

/** The order of the file's keys, which is the order a whole parse reports its issues in. */
const FILE_KEYS = Object.keys(restoreBookShellInput.shape.file.shape);

function issueRank(path: readonly PropertyKey[]): number {
  if (path[0] !== 'file') return -1;
  if (path.length === 1) return FILE_KEYS.length;
  return FILE_KEYS.indexOf(String(path[1]));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Parses a restore's input as restoreBookInput would, with the same issues and messages, but a
 * slice at a time: first the file's shape and the length of its lists (restoreBookShellInput,
 * cheap), then each list's records with their own schemas (BOOK_EXPORT_ITEMS), yielding to the
 * event loop every SLICE_MS. A list too long or not a list is refused before any of its records
 * is looked at, and at most ISSUES_MAX issues are reported.
 */
export async function parseRestoreInput(raw: unknown): Promise<RestoreBookInput> {
  // The body's JSON.parse (up to 16 MB) has just held the loop: others go before the checks.
  await yieldToOthers();
  const pacer = new Pacer();
  const shell = restoreBookShellInput.safeParse(raw);
  const issues: z.core.$ZodIssue[] = shell.success ? [] : [...shell.error.issues];
  const file = isRecord(raw) && isRecord(raw.file) ? raw.file : null;
  const lists: Partial<Record<BookExportList, unknown[]>> = {};
  for (const name of file ? BOOK_EXPORT_LISTS : []) {
    const items = file?.[name];
    // Not a list, or too long: the shell said so.
    if (!Array.isArray(items) || items.length > RESTORE_ITEMS_MAX[name]) continue;
    const schema: z.ZodType = BOOK_EXPORT_ITEMS[name];
    const parsed: unknown[] = new Array<unknown>(items.length);
    for (let i = 0; i < items.length && issues.length < ISSUES_MAX; i++) {
      const result = schema.safeParse(items[i]);
      if (result.success) parsed[i] = result.data;
      else {
        for (const issue of result.error.issues) {
          issues.push({ ...issue, path: ['file', name, i, ...issue.path] });
        }
      }
      if (pacer.step()) await pacer.pause();
    }
    lists[name] = parsed;
  }
  if (issues.length > 0 || !shell.success) {
    const ranked = issues.map((issue, order) => ({ issue, order, rank: issueRank(issue.path) }));
    ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
    throw new z.ZodRealError(ranked.slice(0, ISSUES_MAX).map(({ issue }) => issue));
  }
  return { file: { ...shell.data.file, ...lists } as BookExport };
}
