import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';

/**
 * Liveness and readiness for load balancers: answers 503 when the database does not. Each check is a query, so it is
 * counted in the per-IP limit like the API (a load balancer's probes stay far below it).
 */
export function healthRoutes(app: FastifyInstance, db: Db): void {
  app.get('/healthz', { config: { rateLimit: 'ip' } }, async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return reply.send({ status: 'ok', db: 'ok' });
    } catch {
      return reply.status(503).send({ status: 'degraded', db: 'unreachable' });
    }
  });
}
