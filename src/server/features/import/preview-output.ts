import type { z } from 'zod';
import {
  importPreviewShellOutput,
  importRowSchema,
  type importPreviewOutput,
} from '../../../shared/schemas/import.js';
import { Pacer } from '../../lib/pacer.js';
import { parseEachPaced } from '../../lib/paced-parse.js';

// tRPC checks every answer against its schema; a preview of 20,000 rows checked in one parse
// held the event loop about 170 ms, so its rows are checked a slice at a time.

type PreviewAnswer = z.infer<typeof importPreviewOutput>;

/** Checks the answer as importPreviewOutput would, yielding every few milliseconds. */
export async function parsePreviewAnswer(raw: unknown): Promise<PreviewAnswer> {
  const shell = importPreviewShellOutput.parse(raw);
  const rows = await parseEachPaced(
    importRowSchema,
    shell.data.rows,
    ['data', 'rows'],
    new Pacer(),
  );
  return { ...shell, data: { ...shell.data, rows } } as PreviewAnswer;
}
