import {
  bonusAllowedInMarket,
  campaignBonusMinor,
  depositOfferPeriodKey,
  isCurrencyCode,
  losingStreak,
  netLossMinor,
  realTimeRuleMet,
  realTimeWindowKey,
  realTimeWindowStart,
  variantFindByKey,
  type PlaySettled,
} from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '../../db/client.ts';
import { paymentEvents } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { dynconfigsByKeys } from '../config/config.repository.ts';
import { bonusGrant } from './bonus-ledger.service.ts';
import { campaignsActiveOf, paymentEventConsumed, type CampaignRow } from './bonus.repository.ts';
import type { BonusDeps } from './bonus.service.ts';

/**
 * Reload and daily-deposit offers and real-time bonuses (issue 17, decision 044), each a consumer of durable rows
 * in the bonus pass. Their grants go through `bonusGrant`, unique per (campaign, player, trigger): the trigger is the
 * period of the deposit (`day:…`, `period7:…`) or the day of the rule, so each grants at most once per window however
 * many events, webhooks or passes race.
 */

const BATCH = 500;

/** Non-first deposits not consumed yet, locked so two consumers never take the same one. */
async function repeatDepositsTake(db: DbOrTx, limit: number) {
  return rowsOf<{ id: string; user_id: string; order_id: string; currency: string; amount_minor: string; created_at: Date | string; app_key: string }>(
    db,
    sql`
    select e.id::text as id, e.user_id::text as user_id, e.order_id, e.currency, e.amount_minor::text as amount_minor, e.created_at, u.app_key
    from ${paymentEvents} e join users u on u.id = e.user_id
    where e.kind = 'deposit' and e.consumed_at is null
    order by e.id limit ${limit}
    for update of e skip locked`,
  );
}

/**
 * Grants reload and daily-deposit matches from `deposit` payment events (every pay-in after the first writes one in
 * its credit's transaction). The event is marked consumed with the grants; a second deposit in the same period finds
 * the period's key taken and earns nothing.
 */
export async function bonusRepeatDepositsConsume(db: Db, now: Date): Promise<number> {
  return transaction(db, async (tx) => {
    let granted = 0;
    const campaignsOf = new Map<string, CampaignRow[]>();
    for (const event of await repeatDepositsTake(tx, BATCH)) {
      const profile = variantFindByKey(event.app_key);
      if (!campaignsOf.has(event.app_key))
        campaignsOf.set(event.app_key, [
          ...(await campaignsActiveOf(tx, event.app_key, 'reload')),
          ...(await campaignsActiveOf(tx, event.app_key, 'daily_deposit')),
        ]);
      const amountMinor = Number(event.amount_minor);
      for (const campaign of campaignsOf.get(event.app_key) ?? []) {
        if (!profile || !isCurrencyCode(event.currency) || !bonusAllowedInMarket(profile.market, campaign.terms.purpose)) continue;
        const kind = campaign.kind === 'daily_deposit' ? 'daily_deposit' : 'reload';
        const bonus = await bonusGrant(tx, {
          campaign,
          userId: Number(event.user_id),
          triggerRef: depositOfferPeriodKey(kind, new Date(event.created_at), campaign.terms.periodDays),
          currency: event.currency,
          amountMinor: campaignBonusMinor(campaign.terms, amountMinor, event.currency),
          depositMinor: amountMinor,
          now,
        });
        if (bonus) granted += 1;
      }
      await paymentEventConsumed(tx, Number(event.id), now);
    }
    return granted;
  });
}

/** Whether the operator's real_time_bonus switch is on (dynamic config, spec §3); the web reads the same switch. */
export async function realTimeBonusOn(db: DbOrTx): Promise<boolean> {
  const [row] = await dynconfigsByKeys(db, ['real_time_bonus']);
  return row?.enabled === 1;
}

async function realTimeCampaigns(db: DbOrTx, appKey?: string): Promise<CampaignRow[]> {
  const rows = await rowsOf<{ id: string; app_key: string; kind: 'real_time'; status: 'active'; terms: CampaignRow['terms'] }>(
    db,
    sql`select id, app_key, kind, status, terms from bonus_campaigns where kind = 'real_time' and status = 'active'
        ${appKey === undefined ? sql`` : sql`and app_key = ${appKey}`} order by id`,
  );
  return rows.map((row) => ({ id: row.id, appKey: row.app_key, kind: row.kind, status: row.status, terms: row.terms }));
}

/**
 * The day's settled play of a brand's players in its currency (sports bets and paid casino rounds, oldest first),
 * for those without this campaign's grant of the day; `userId` narrows it to one player.
 */
async function playsOfDay(db: DbOrTx, campaign: CampaignRow, currency: string, from: Date, to: Date, windowKey: string, userId?: number) {
  const rows = await rowsOf<{ user_id: string; plays: { s: string | number; r: string | number }[] }>(
    db,
    sql`
    with plays as (
      select b.user_id, b.settled_at as at, b.id as ord, b.stake_placed_minor as stake, coalesce(b.payout_minor, 0) + b.cash_out_minor as ret
      from bets b join users u on u.id = b.user_id
      where u.app_key = ${campaign.appKey} and b.currency = ${currency} and b.status = 5 and not b.free_bet
        and b.settled_at >= ${from} and b.settled_at <= ${to} ${userId === undefined ? sql`` : sql`and b.user_id = ${userId}`}
      union all
      select r.user_id, r.settled_at, r.id, r.stake, r.win
      from casino_rounds r join users u on u.id = r.user_id
      where u.app_key = ${campaign.appKey} and r.currency = ${currency} and r.status = 'settled' and r.free_round_id is null
        and r.settled_at >= ${from} and r.settled_at <= ${to} ${userId === undefined ? sql`` : sql`and r.user_id = ${userId}`}
    )
    select p.user_id::text as user_id, json_agg(json_build_object('s', p.stake, 'r', p.ret) order by p.at, p.ord) as plays
    from plays p
    where not exists (select 1 from bonuses x where x.campaign_id = ${campaign.id} and x.user_id = p.user_id and x.trigger_ref = ${windowKey})
    group by p.user_id`,
  );
  return rows.map((row) => ({
    userId: Number(row.user_id),
    plays: row.plays.map((play): PlaySettled => ({ stakeMinor: Number(play.s), returnMinor: Number(play.r) })),
  }));
}

/**
 * Grants real-time bonuses: for every active real_time campaign, the players whose play of the day meets its rule
 * and who have not had it today. Off while the real_time_bonus switch is off. The day's plays are read again each
 * pass, so a crash loses nothing; the grant's key (campaign, player, day) makes it once a day.
 */
export async function bonusRealTimeGrant(db: Db, now: Date): Promise<number> {
  if (!(await realTimeBonusOn(db))) return 0;
  let granted = 0;
  const windowKey = realTimeWindowKey(now);
  for (const campaign of await realTimeCampaigns(db)) {
    const profile = variantFindByKey(campaign.appKey);
    const rule = campaign.terms.realTimeRule;
    if (!profile || !rule || !bonusAllowedInMarket(profile.market, campaign.terms.purpose)) continue;
    const players = (await playsOfDay(db, campaign, profile.currency, realTimeWindowStart(now), now, windowKey)).filter((player) =>
      realTimeRuleMet(rule, player.plays),
    );
    for (const player of players) {
      const bonus = await transaction(db, (tx) =>
        bonusGrant(tx, {
          campaign,
          userId: player.userId,
          triggerRef: windowKey,
          currency: profile.currency,
          amountMinor: campaignBonusMinor(campaign.terms, 0, profile.currency),
          depositMinor: 0,
          now,
        }),
      );
      if (bonus) granted += 1;
    }
  }
  return granted;
}

/** `real_time/info`: the switch, the brand's rules, and where the player stands today. */
export async function realTimeInfoGet(deps: BonusDeps, user: SessionUser, requestAppKey: string) {
  const now = deps.now();
  const start = realTimeWindowStart(now);
  const windowEnd = Math.floor(start.getTime() / 1000) + 86_400;
  if (!(await realTimeBonusOn(deps.db))) return { enabled: 0 as const, rules: [], window_end_time: windowEnd };
  const appKey = user.appKey ?? requestAppKey;
  const profile = variantFindByKey(appKey);
  if (!profile) return { enabled: 1 as const, rules: [], window_end_time: windowEnd };
  const windowKey = realTimeWindowKey(now);
  const rules = [];
  for (const campaign of await realTimeCampaigns(deps.db, appKey)) {
    const rule = campaign.terms.realTimeRule;
    if (!rule || !bonusAllowedInMarket(profile.market, campaign.terms.purpose)) continue;
    const [mine] = await playsOfDay(deps.db, campaign, profile.currency, start, now, '', user.uid);
    const [granted] = await rowsOf<{ one: number }>(
      deps.db,
      sql`select 1 as one from bonuses where campaign_id = ${campaign.id} and user_id = ${user.uid} and trigger_ref = ${windowKey}`,
    );
    const plays = mine?.plays ?? [];
    rules.push({
      campaign_id: campaign.id,
      rule: rule.kind,
      count: rule.kind === 'losing_streak' ? rule.count : 0,
      threshold: rule.kind === 'net_loss' ? rule.thresholdMinor : 0,
      amount: campaignBonusMinor(campaign.terms, 0, profile.currency),
      currency: profile.currency,
      granted_today: granted ? (1 as const) : (0 as const),
      streak: losingStreak(plays),
      net_loss: Math.max(0, netLossMinor(plays)),
    });
  }
  return { enabled: 1 as const, rules, window_end_time: windowEnd };
}
