import { z } from 'zod';
import {
  BOOK_EXPORT_ITEMS,
  BOOK_EXPORT_LISTS,
  bookExportOutput,
  bookExportShellOutput,
} from '../../../shared/schemas/book-export.js';
import { Pacer } from '../../lib/pacer.js';
import { parseEachPaced } from '../../lib/paced-parse.js';

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
    const parsed = await parseEachPaced(schema, shell.data[name], ['data', name], pacer);
    lists[name] = parsed;
  }
  return { ...shell, data: { ...shell.data, ...lists } } as ExportAnswer;
}
