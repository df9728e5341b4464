import type { Db } from '../../db/client.ts';
import type { JobSpec } from '../../jobs/job-runner.ts';
import { loyaltyPass } from './loyalty-pass.service.ts';
import { rankClosePass } from './loyalty-rank-close.service.ts';
import { cashbackPass } from './loyalty-cashback.service.ts';
import { rafflePass } from './loyalty-raffle.service.ts';

/** As often as the bonus engine reads its events: a settled bet shows in VIP points and tasks within seconds. */
export const LOYALTY_PASS_MS = 5_000;
export const LOYALTY_PASS_JOB = 'loyalty-pass';

/** Loyalty's periodic work as one leader job (decision 021); exactly-once by the fact keys, so a cut run is just rerun. */
export function loyaltyJobSpec(db: Db, now: () => Date): JobSpec {
  return { name: LOYALTY_PASS_JOB, scope: 'leader', everyMs: LOYALTY_PASS_MS, atStart: 'soon', run: () => loyaltyPass(db, now()).then(() => undefined) };
}

/** Ranking closes are due once a day or a week plus the grace; checking every minute pays prizes promptly. */
export const LOYALTY_RANK_CLOSE_MS = 60_000;

export function loyaltyRankCloseJobSpec(db: Db, now: () => Date): JobSpec {
  return { name: 'loyalty-rank-close', scope: 'leader', everyMs: LOYALTY_RANK_CLOSE_MS, atStart: 'soon', run: () => rankClosePass(db, now()) };
}

/** Cash-back closes are due once a day or a week plus the grace; a minute's check pays promptly and costs one lookup per brand. */
export const LOYALTY_CASHBACK_MS = 60_000;

export function loyaltyCashbackJobSpec(db: Db, now: () => Date): JobSpec {
  return { name: 'loyalty-cashback', scope: 'leader', everyMs: LOYALTY_CASHBACK_MS, atStart: 'soon', run: () => cashbackPass(db, now()) };
}

/** Raffles open with the brand week and draw once a week plus the grace; a minute's check draws and pays promptly. */
export const LOYALTY_RAFFLE_MS = 60_000;

export function loyaltyRaffleJobSpec(db: Db, now: () => Date): JobSpec {
  return { name: 'loyalty-raffle', scope: 'leader', everyMs: LOYALTY_RAFFLE_MS, atStart: 'soon', run: () => rafflePass(db, now()) };
}
