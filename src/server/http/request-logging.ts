import type { FastifyInstance } from 'fastify';
import { loggableUrl } from './log-redaction.js';

/**
 * One access-log line per request at info ("request completed": method, URL, client address,
 * status, time), instead of Fastify's two; the "incoming request" line is kept at debug for
 * tracing a request that never completes. The line's fields are flat and already safe (the URL
 * goes through loggableUrl), which keeps the redaction pass every line gets cheap.
 * buildApp sets disableRequestLogging so Fastify's own pair is not written as well.
 */
export function registerRequestLogging(app: FastifyInstance): void {
  app.addHook('onRequest', (req, _reply, done) => {
    req.log.debug({ req }, 'incoming request');
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    req.log.info(
      {
        method: req.method,
        url: loggableUrl(req.url),
        remoteAddress: req.ip,
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    );
    done();
  });
}
