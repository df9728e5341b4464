import {
  brandTimeZone,
  cashbackAmountMinor,
  cashbackNetLossMinor,
  cashbackRateBp,
  CASHBACK_CLOSE_GRACE_MS,
  loyaltyCampaignId,
  periodWindowsBefore,
  VARIANT_PROFILES,
  variantFindByKey,
  vipStandingOf,
  type LoyaltyPeriod,
  type PeriodWindow,
  type VariantProfile,
} from '@piranha/domain';
import { AppError } from '../../app-error.ts';
import type { Db } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { loyaltySettingsOf, vipConfigWith } from './loyalty-config.service.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import {
  cashbackCloseInsert,
  cashbackClosedKeys,
  cashbackDueForUpdate,
  cashbackHistory,
  cashbackPaidSet,
  cashbacksDue,
  cashbacksInsert,
  cashbackTotals,
  type CashbackInsert,
} from './loyalty-cashback.repository.ts';
import { pointsOf } from './loyalty.repository.ts';
import { profileOf, rewardPay, type LoyaltyDeps } from './loyalty.service.ts';

/**
 * Net-loss cash-back (issue 18, decision 026). A brand's day or week closes for cash-back once it ended more than the
 * grace ago: one transaction marks it closed and writes each player's totals, level, rate and amount (the period's
 * figures are frozen: a late fact or a rerun never recomputes them). Each amount is then paid in its own transaction
 * through the bonus engine (`<brand>:cash_back`, cash, trigger `cashback:<period>`) with `paid_at` set beside the
 * grant. A run killed anywhere is just run again; two runs at once pay each player once (the row lock and the
 * engine's unique (campaign, player, trigger) key).
 */

const PAY_BATCH = 500;

/** Computes one period of one brand, once; answers how many players it owes. */
export async function cashbackPeriodClose(
  db: Db,
  profile: VariantProfile,
  period: LoyaltyPeriod,
  window: PeriodWindow,
  now: Date,
): Promise<number | undefined> {
  return transaction(db, async (tx) => {
    if (!(await cashbackCloseInsert(tx, profile.appKey, window.key, now))) return undefined;
    // The brand's rates and ladder in force at the close (decision 045), read in the close's transaction.
    const settings = await loyaltySettingsOf(tx, profile);
    const rates = settings.cashback;
    const config = vipConfigWith(profile, settings);
    const owed: CashbackInsert[] = [];
    for (const row of await cashbackTotals(tx, profile.appKey, profile.currency, window.startsAt, window.endsAt)) {
      const totals = { stakeMinor: Number(row.stake_minor), returnMinor: Number(row.return_minor), bonusUsedMinor: Number(row.bonus_used_minor) };
      const level = vipStandingOf(Number(row.points_minor), config).level;
      const rateBp = cashbackRateBp(rates, period, level);
      const netLossMinor = cashbackNetLossMinor(totals);
      const amountMinor = cashbackAmountMinor(netLossMinor, rateBp);
      if (amountMinor <= 0) continue;
      owed.push({ userId: Number(row.user_id), level, rateBp, ...totals, netLossMinor, amountMinor });
    }
    await cashbacksInsert(tx, { appKey: profile.appKey, periodKey: window.key, currency: profile.currency, endsAt: window.endsAt }, owed, now);
    return owed.length;
  });
}

export async function cashbackCloseDue(db: Db, now: Date): Promise<number> {
  let closed = 0;
  // The last two periods of each kind that ended more than the grace ago: the same for every brand of a time zone.
  const settled = new Date(now.getTime() - CASHBACK_CLOSE_GRACE_MS);
  const byZone = new Map<string, ReturnType<typeof periodWindowsBefore>>();
  for (const profile of VARIANT_PROFILES) {
    const timeZone = brandTimeZone(profile.market);
    let windows = byZone.get(timeZone);
    if (!windows) {
      windows = periodWindowsBefore(settled, timeZone, 2);
      byZone.set(timeZone, windows);
    }
    const done = await cashbackClosedKeys(
      db,
      profile.appKey,
      windows.map(({ window }) => window.key),
    );
    for (const { period, window } of windows) {
      if (done.has(window.key)) continue;
      if ((await cashbackPeriodClose(db, profile, period, window, now)) !== undefined) closed += 1;
    }
  }
  return closed;
}

/** Pays what is owed; a paused cash-back campaign leaves it owed for a later run. */
export async function cashbacksPay(db: Db, now: Date): Promise<number> {
  let paid = 0;
  for (;;) {
    const due = await cashbacksDue(db, PAY_BATCH);
    let progressed = 0;
    for (const row of due) {
      const profile = variantFindByKey(row.app_key);
      if (!profile) continue;
      const userId = Number(row.user_id);
      try {
        const done = await transaction(db, async (tx) => {
          if (!(await cashbackDueForUpdate(tx, row.app_key, row.period_key, userId))) return false;
          await rewardPay(tx, profile, loyaltyCampaignId(row.app_key, 'cash_back'), userId, `cashback:${row.period_key}`, Number(row.amount_minor), now);
          await cashbackPaidSet(tx, row.app_key, row.period_key, userId, now);
          return true;
        });
        if (done) paid += 1;
        progressed += 1;
      } catch (error) {
        if (error instanceof AppError && error.errorName === 'LOYALTY_REWARD_UNAVAILABLE') continue;
        throw error;
      }
    }
    // A full batch all handled: there may be more; otherwise what is left waits (a paused campaign).
    if (due.length < PAY_BATCH || progressed === 0) break;
  }
  return paid;
}

export async function cashbackPass(db: Db, now: Date): Promise<void> {
  await cashbackCloseDue(db, now);
  await cashbacksPay(db, now);
}

const seconds = (at: Date | string) => Math.floor(new Date(at).getTime() / 1000);

/** `cashback/history`: the player's cash-backs, newest period first. */
export async function cashbackHistoryGet(deps: LoyaltyDeps, user: SessionUser, requestAppKey: string, page: number, pageSize: number) {
  const profile = profileOf(user, requestAppKey);
  const rows = await cashbackHistory(deps.db, profile.appKey, user.uid, (page - 1) * pageSize, pageSize + 1);
  const settings = await loyaltySettingsOf(deps.db, profile);
  const rates = settings.cashback;
  const level = vipStandingOf(await pointsOf(deps.db, user.uid), vipConfigWith(profile, settings)).level;
  return {
    currency: profile.currency,
    level,
    daily_rate_bp: cashbackRateBp(rates, 'daily', level),
    weekly_rate_bp: cashbackRateBp(rates, 'weekly', level),
    has_more: rows.length > pageSize ? (1 as const) : (0 as const),
    list: rows.slice(0, pageSize).map((row) => ({
      period: row.period_key.startsWith('d:') ? ('daily' as const) : ('weekly' as const),
      period_key: row.period_key,
      period_end: seconds(row.period_ends_at),
      level: row.level,
      rate_bp: row.rate_bp,
      stake: Number(row.stake_minor),
      returned: Number(row.return_minor),
      bonus_used: Number(row.bonus_used_minor),
      net_loss: Number(row.net_loss_minor),
      amount: Number(row.amount_minor),
      status: row.paid_at === null ? (0 as const) : (1 as const),
      paid_time: row.paid_at === null ? 0 : seconds(row.paid_at),
    })),
  };
}
