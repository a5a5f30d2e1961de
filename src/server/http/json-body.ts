import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';

/**
 * The REST door's JSON bodies: Fastify's own parser, which refuses a `__proto__` key and a
 * `constructor.prototype` (keys that could change every object's prototype once merged), but
 * calls such a body "not valid JSON", which a client that sent valid JSON cannot act on. A body
 * refused by that rule alone is told so (docs/security-hardening.md).
 */
export const PROTOTYPE_KEY_MESSAGE =
  'The body may not hold a "__proto__" key or a "constructor" key with a "prototype" in it';

export function installJsonBodyParser(app: FastifyInstance): void {
  const strict = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body.toString();
    void strict(req, text, (error, parsed) => {
      if (error && isPlainJson(text)) {
        done(new AppError('VALIDATION_ERROR', PROTOTYPE_KEY_MESSAGE), undefined);
        return;
      }
      done(error, parsed);
    });
  });
}

function isPlainJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
