import type { FastifyInstance } from 'fastify';

/**
 * Per-request log lines, in place of Fastify's two lines for every request (docs/decisions/022-operating-it.md): a
 * failed request (5xx) and a slow one are always logged; others only as a sample, LOG_REQUEST_SAMPLE of them (1 logs
 * every request). Two JSON lines per request are a serialization and a pipe write each on the thread that serves
 * (`npm run bench`, logging rows, measures it); /metrics counts every request anyway, so the log need not.
 */
export interface RequestLogOptions {
  /** The fraction of ordinary requests logged, 0…1. */
  sample: number;
  /** A request slower than this is logged whatever the sample. */
  slowMs: number;
  /** Draws the sample (tests pin it). */
  random?: () => number;
}

export function requestLogRegister(app: FastifyInstance, options: RequestLogOptions): void {
  const random = options.random ?? Math.random;
  app.addHook('onResponse', async (request, reply) => {
    const responseTime = reply.elapsedTime;
    if (reply.statusCode >= 500) request.log.error({ req: request, res: reply, responseTime }, 'request failed');
    else if (responseTime >= options.slowMs) request.log.warn({ req: request, res: reply, responseTime }, 'slow request');
    else if (options.sample >= 1 || (options.sample > 0 && random() < options.sample))
      request.log.info({ req: request, res: reply, responseTime }, 'request completed');
  });
}
