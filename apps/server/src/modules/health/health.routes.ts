import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rowsOf, type Db } from '../../db/client.ts';
import type { StartGate } from '../../plugins/start-gate.ts';

/** How many migrations this build ships (the journal Drizzle migrates from). */
export function migrationsShipped(migrationsFolder: string): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/** Migrations the database has applied, as Drizzle records them; undefined when it has none recorded at all. */
async function migrationsApplied(db: Db): Promise<number | undefined> {
  const [row] = await rowsOf<{ applied: string | null }>(db, sql`select (select count(*) from drizzle.__drizzle_migrations) as applied`).catch(() => [
    { applied: null },
  ]);
  return row?.applied === null || row?.applied === undefined ? undefined : Number(row.applied);
}

/**
 * Liveness and readiness for load balancers. `/healthz`: the database answers (503 when it does not). `/readyz`: the
 * database answers and has every migration this build ships, so a node started against a database a deploy has not
 * migrated yet is kept out of rotation, and so is a node whose start has not run its jobs yet (the start gate). Each check is a query, so it is counted in the per-IP limit like the API (a
 * load balancer's probes stay far below it).
 */
export function healthRoutes(app: FastifyInstance, db: Db, migrationsFolder: string, gate: Pick<StartGate, 'isOpen'>): void {
  const shipped = migrationsShipped(migrationsFolder);
  app.get('/healthz', { config: { rateLimit: 'ip' } }, async (_request, reply) => {
    try {
      await db.execute(sql`select 1`);
      return reply.send({ status: 'ok', db: 'ok' });
    } catch {
      return reply.status(503).send({ status: 'degraded', db: 'unreachable' });
    }
  });
  app.get('/readyz', { config: { rateLimit: 'ip' } }, async (_request, reply) => {
    let applied: number | undefined;
    try {
      await db.execute(sql`select 1`);
      applied = await migrationsApplied(db);
    } catch {
      return reply.status(503).send({ status: 'not_ready', db: 'unreachable' });
    }
    const migrations = { applied: applied ?? 0, shipped };
    if (applied === undefined || applied < shipped) return reply.status(503).send({ status: 'not_ready', db: 'ok', migrations });
    // The start's jobs (rounds a crash left recovered, …) have not all run yet: the API still waits at the gate.
    if (!gate.isOpen()) return reply.status(503).send({ status: 'not_ready', db: 'ok', migrations, jobs: 'starting' });
    return reply.send({ status: 'ready', db: 'ok', migrations });
  });
}
