import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import { outboxDeliverJobSpec, outboxPurgeJobSpec, type OutboxPurgeCount } from './outbox.job.ts';
import { outboxRoutes } from './outbox.routes.ts';
import { outboxOwnerNew, type OutboxDeps, type OutboxHandler } from './outbox.service.ts';

export interface OutboxModule {
  deps: OutboxDeps;
  /** Each module adds the handler of the calls it owes (by kind) before the server starts. */
  handlers: Record<string, OutboxHandler>;
  /** Rows this node's purges deleted (`piranha_outbox_purged_total`). */
  purged: OutboxPurgeCount;
}

/**
 * The general outbox (decision 042): the leader job sends what dead processes and failed attempts left, another
 * deletes finished rows past the retention (decision 047), and operators read it. Web push keeps its own outbox and
 * job (decision 035).
 */
export function outboxModuleRegister(
  app: FastifyInstance,
  { db, now, jobs, opsToken, retentionDays }: { db: Db; now: () => Date; jobs: JobRunner; opsToken: string | undefined; retentionDays: number },
): OutboxModule {
  const handlers: Record<string, OutboxHandler> = {};
  const purged: OutboxPurgeCount = { purged: 0 };
  const deps: OutboxDeps = { db, now, handlers, owner: outboxOwnerNew(), log: app.log };
  jobs.register(outboxDeliverJobSpec(deps));
  jobs.register(outboxPurgeJobSpec(db, now, retentionDays, purged));
  outboxRoutes(app, { db, opsToken });
  return { deps, handlers, purged };
}
