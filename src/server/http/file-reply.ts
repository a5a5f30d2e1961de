import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileAnswer } from '../trpc/file-answer.js';

/**
 * Sends a procedure's file answer (trpc/file-answer.ts) as a download, streamed as its lines
 * are made. A failure after the first byte cuts the download short (the file then has no last
 * line ending), and so does the time bound: a file still sending after `maxMs` is cut and its
 * connection closed, so a client that reads slowly cannot keep its slot. One that reads nothing
 * is closed sooner by the idle time-out (CONNECTION_IDLE_TIMEOUT_SECONDS, server-timeouts.ts).
 * Whatever ends the stream (the last line, a client gone, the time bound, an error), the answer's
 * slot is given back.
 */
export function sendFileAnswer(req: FastifyRequest, reply: FastifyReply, file: FileAnswer) {
  const stream = Readable.from(file.lines, { objectMode: false });
  stream.on('error', (error) => req.log.error({ err: error }, 'file answer failed'));
  const cut = setTimeout(() => {
    req.log.warn(
      { seconds: file.maxMs / 1000 },
      'file answer cut: still sending at its time bound',
    );
    stream.destroy();
    reply.raw.destroy();
  }, file.maxMs);
  cut.unref();
  stream.on('close', () => {
    clearTimeout(cut);
    // The lines give the slot back when they end; a stream destroyed before it read them does not.
    void file
      .close()
      .catch((error: unknown) =>
        req.log.error({ err: error }, 'file answer: giving back its slot failed'),
      );
  });
  return reply
    .type(file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}
