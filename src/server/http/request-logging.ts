import type { FastifyInstance } from 'fastify';
import { loggableUrl } from './log-redaction.js';

/**
 * One access-log line per request at info ("request completed": method, URL, client address,
 * status, time), instead of Fastify's two; the "incoming request" line is kept at debug for
 * tracing a request that never completes. The line's fields are flat and safe by construction
 * (the URL goes through loggableUrl), so it skips the redaction pass other lines get.
 * buildApp sets disableRequestLogging so Fastify's own pair is not written as well.
 */
export function registerRequestLogging(app: FastifyInstance): void {
  // Its fields are safe by construction, so the access log skips the redaction pass.
  const accessLog = app.log.child({}, { redact: [] });
  app.addHook('onRequest', (req, _reply, done) => {
    req.log.debug({ req }, 'incoming request');
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    accessLog.info(
      {
        reqId: req.id,
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
