import { z } from 'zod';
import { bookExportSchema } from '../../../shared/schemas/book-export.js';

/**
 * The JSON Schema of the full export file, generated from the zod schema the restore checks
 * with. Committed as docs/book-export.schema.json (`npx tsx scripts/write-book-export-schema.ts`);
 * a test fails when the two drift apart.
 */
export function bookExportJsonSchema(): Record<string, unknown> {
  return {
    // What a restore accepts (io: 'input': the text before trimming, the tags before folding).
    ...z.toJSONSchema(bookExportSchema, {
      target: 'draft-2020-12',
      unrepresentable: 'any',
      io: 'input',
    }),
    $id: 'https://expense-tracker.example/book-export.schema.json',
  };
}
