import { writeFile } from 'node:fs/promises';
import { bookExportJsonSchema } from '../src/server/features/export/book-export-json-schema.js';

// Writes docs/book-export.schema.json, the JSON Schema of the full export (docs/analytics.md).
await writeFile(
  'docs/book-export.schema.json',
  `${JSON.stringify(bookExportJsonSchema(), null, 2)}\n`,
);
