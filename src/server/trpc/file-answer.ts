import { z } from 'zod';
import type { Release } from './usage-limits.js';

const FILE_ANSWER = Symbol('file answer');

/**
 * An answer that is a file of text, streamed as it is made rather than held whole: the CSV of a
 * Transactions view (docs/api.md#files). The REST door sends it with its own content type
 * (http/file-reply.ts); over /trpc a procedure answering one is refused, since tRPC's answer is
 * JSON; a caller in process reads `lines` or calls `close()`.
 */
export interface FileAnswer {
  readonly [FILE_ANSWER]: true;
  readonly contentType: string;
  readonly filename: string;
  /** The text, a line at a time. Read to the end or stopped early, it gives back its slot. */
  readonly lines: AsyncIterable<string>;
  /** The longest the sending may take, in milliseconds: past it the download is cut. */
  readonly maxMs: number;
  /** Gives back what the answer holds without reading it (a caller that wants no file). */
  close(): Promise<void>;
}

export function isFileAnswer(value: unknown): value is FileAnswer {
  return typeof value === 'object' && value !== null && FILE_ANSWER in value;
}

/** The output schema of a procedure answering a file: the answer passes through untouched. */
export const fileAnswerOutput = z
  .custom<FileAnswer>(isFileAnswer, { error: 'Expected a file answer' })
  .meta({ type: 'string' });

/**
 * A file answer whose work holds `release` (an export slot) until its last line is handed over
 * or the reading stops, whichever comes first; `close()` gives it back unread.
 */
export function fileAnswer(file: {
  contentType: string;
  filename: string;
  lines: AsyncGenerator<string>;
  maxMs: number;
  release: Release;
}): FileAnswer {
  const { lines, release } = file;
  async function* releasingAtEnd() {
    try {
      yield* lines;
    } finally {
      await release();
    }
  }
  return {
    [FILE_ANSWER]: true,
    contentType: file.contentType,
    filename: file.filename,
    lines: releasingAtEnd(),
    maxMs: file.maxMs,
    close: async () => {
      await lines.return(undefined);
      await release();
    },
  };
}
