import { z } from 'zod';
import {
  BOOK_EXPORT_ITEMS,
  BOOK_EXPORT_LISTS,
  bookExportOutput,
  bookExportShellOutput,
} from '../../../shared/schemas/book-export.js';
import { Pacer } from '../../lib/pacer.js';

// The full export's answer, checked against its schema a slice at a time: tRPC checks every
// answer, and a whole parse of a 5,000-entry book held the event loop 50-150 ms (45,000 entries:
// over half a second), while every other request waited.

type ExportAnswer = z.infer<typeof bookExportOutput>;

/** Checks the answer as bookExportOutput would, yielding every few milliseconds. */
export async function parseExportAnswer(raw: unknown): Promise<ExportAnswer> {
  const shell = bookExportShellOutput.parse(raw);
  const pacer = new Pacer();
  const lists: Record<string, unknown[]> = {};
  for (const name of BOOK_EXPORT_LISTS) {
    const schema: z.ZodType = BOOK_EXPORT_ITEMS[name];
    const items = shell.data[name];
    const parsed = new Array<unknown>(items.length);
    for (let i = 0; i < items.length; i++) {
      const result = schema.safeParse(items[i]);
      if (!result.success) {
        throw new z.ZodRealError(
          result.error.issues.map((issue) => ({
            ...issue,
            path: ['data', name, i, ...issue.path],
          })),
        );
      }
      parsed[i] = result.data;
      if (pacer.step()) await pacer.pause();
    }
    lists[name] = parsed;
  }
  return { ...shell, data: { ...shell.data, ...lists } } as ExportAnswer;
}
