import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { seedOnce } from '../db/seed/seed-once.ts';
import { agentSettleJobSpec } from '../modules/agent/agent.job.ts';
import { moneyRainJobSpec } from '../modules/agent/money-rain.service.ts';
import { bonusCampaignRows } from '../modules/bonus/bonus-engine.service.ts';
import { campaignsSeed as campaignRowsSeed } from '../modules/bonus/bonus.repository.ts';
import { bonusJobSpec } from '../modules/bonus/bonus-jobs.ts';
import { referralCampaignRows } from '../modules/invite/invite.routes.ts';
import { loyaltyCashbackJobSpec, loyaltyJobSpec, loyaltyRaffleJobSpec, loyaltyRankCloseJobSpec } from '../modules/loyalty/loyalty-jobs.ts';
import { loyaltyCampaignRows } from '../modules/loyalty/loyalty.routes.ts';
import { pddExpireJobSpec } from '../modules/pdd/pdd.routes.ts';
import { messageEventsJobSpec } from '../modules/messages/message-events.job.ts';
import { PUSH_DELIVER_JOB } from '../modules/push/push.job.ts';
import { pwaCampaignRows } from '../modules/pwa/pwa.service.ts';
import { saferUsagePurgeJobSpec } from '../modules/safer-play/safer-usage-purge.job.ts';
import { trackingRetentionJobSpec } from '../modules/tracking/tracking-retention.job.ts';
import { idempotencyPurgeExpired } from '../plugins/idempotency.ts';
import type { RealtimeBus } from '../realtime/realtime-bus.ts';
import type { JobRunner } from './job-runner.ts';

/** How often idempotency keys past their time to live are deleted (they would otherwise grow forever). */
const IDEMPOTENCY_PURGE_MS = 10 * 60_000;

export interface AppJobsDeps {
  config: AppConfig;
  db: Db;
  now: () => Date;
  realtime: RealtimeBus;
}

/**
 * The leader jobs that own no routes of their own to sit beside: the idempotency purge, the bonus engine, the
 * message-centre events, agents and money rain, loyalty, retention purges. The modules with routes register
 * theirs where they are built (sports, betting, casino, payments, push, outbox).
 */
export function appJobsRegister(jobs: JobRunner, { config, db, now, realtime }: AppJobsDeps): void {
  jobs.register({ name: 'idempotency-purge', scope: 'leader', everyMs: IDEMPOTENCY_PURGE_MS, atStart: 'soon', run: () => idempotencyPurgeExpired(db, now()) });
  // Bonus engine (issue 17): grants, wagering and expiry from durable events on the leader.
  jobs.register(bonusJobSpec(db, now));
  jobs.register(messageEventsJobSpec(db, now, realtime));
  jobs.register(agentSettleJobSpec(db, now));
  jobs.register(pddExpireJobSpec(db, now));
  jobs.register(moneyRainJobSpec({ db, now, realtime, pushTrigger: () => void jobs.trigger(PUSH_DELIVER_JOB) }));
  // Loyalty (issue 18): VIP points and task progress from the same durable facts.
  jobs.register(loyaltyJobSpec(db, now));
  jobs.register(loyaltyRankCloseJobSpec(db, now));
  jobs.register(trackingRetentionJobSpec(db, now, config.trackingRetentionDays));
  jobs.register(saferUsagePurgeJobSpec(db, now));
  jobs.register(loyaltyCashbackJobSpec(db, now));
  jobs.register(loyaltyRaffleJobSpec(db, now));
}

/**
 * The campaigns a new install pays rewards through, seeded once per brand (idempotent): the bonus engine's, loyalty's,
 * the invite programme's (decision 051) and the installed-web-app reward's (decision 053). After the casino catalogue.
 */
export async function campaignsSeed(db: Db, now: Date): Promise<void> {
  const rows = [...bonusCampaignRows(), ...loyaltyCampaignRows(), ...referralCampaignRows(), ...pwaCampaignRows()];
  // Again only when a default changed (db/seed/seed-once.ts): an unchanged restart reads one row.
  await seedOnce(db, 'campaigns', rows, () => campaignRowsSeed(db, rows, now));
}
