import { realtimeTopic, type opsMoneyRainBody } from '@piranha/contract';
import type * as z from 'zod/mini';
import {
  bonusAllowedInMarket,
  formatMoney,
  isCurrencyCode,
  LOCALES,
  minorUnits,
  RAIN_PATH,
  RAIN_TEXTS,
  rainEndsAt,
  rainGrabMinor,
  rainMomentOf,
  rainPayMinor,
  rainPlanIssue,
  variantFindByKey,
  type CampaignTerms,
  type Locale,
  type RainPlan,
  type VariantProfile,
} from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { AppError } from '../../app-error.ts';
import { rowsOf, type Db, type DbOrTx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { JobSpec } from '../../jobs/job-runner.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import type { RealtimePublisher } from '../../realtime/realtime-bus.ts';
import { campaignInsert } from '../bonus/bonus.repository.ts';
import { bonusView } from '../bonus/bonus.service.ts';
import { rewardPay } from '../loyalty/loyalty.service.ts';
import { messageInsert } from '../messages/messages.repository.ts';
import { audienceSubscriptions, outboxInsert, type OutboxInsert } from '../push/push.repository.ts';

/**
 * Money rain (issue 19, decision 052). An operator schedules a rain for a brand: drops at fixed times, each open a
 * while, a grab range and a budget. A grab, in one transaction: the (rain, drop, player) row — its key lets a player
 * grab each drop once — then the rain row under lock, whose `paid_minor` grows by the draw cut to what is left (never
 * past the budget: the conditional arithmetic under the lock, and a check constraint behind it), then the bonus
 * engine's grant under the rain's own campaign (`<brand>:money_rain:<id>`, trigger `rain:<id>:<drop>`). When a drop
 * opens, the `money-rain` leader job tells the brand once: a message (pop-up), a web push to every subscription
 * (the push outbox, one row per subscription and drop) and a socket event for open pages.
 */

export interface RainDeps {
  db: Db;
  now: () => Date;
  realtime?: RealtimePublisher;
}

const seconds = (at: Date | string) => Math.floor(new Date(at).getTime() / 1000);
const WEIGHTS = { sportsOddsMinThousandths: 1500, tableBp: 1000, crashBp: 500, diceBp: 500 } as const;

export const rainCampaignId = (appKey: string, rainId: number) => `${appKey}:money_rain:${rainId}`;

interface RainRow extends RainPlan {
  id: number;
  appKey: string;
  currency: string;
  endsAt: Date;
  paidMinor: number;
  announcedDrops: number;
}

type RawRain = {
  id: string;
  app_key: string;
  currency: string;
  starts_at: Date | string;
  ends_at: Date | string;
  drops: number;
  interval_ms: number;
  open_ms: number;
  grab_min_minor: string;
  grab_max_minor: string;
  budget_minor: string;
  paid_minor: string;
  announced_drops: number;
};

const RAIN_COLUMNS = sql`id::text, app_key, currency, starts_at, ends_at, drops, interval_ms, open_ms, grab_min_minor::text, grab_max_minor::text,
  budget_minor::text, paid_minor::text, announced_drops`;

function rainOf(row: RawRain): RainRow {
  return {
    id: Number(row.id),
    appKey: row.app_key,
    currency: row.currency,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    drops: Number(row.drops),
    intervalMs: Number(row.interval_ms),
    openMs: Number(row.open_ms),
    grabMinMinor: Number(row.grab_min_minor),
    grabMaxMinor: Number(row.grab_max_minor),
    budgetMinor: Number(row.budget_minor),
    paidMinor: Number(row.paid_minor),
    announcedDrops: Number(row.announced_drops),
  };
}

async function rainFind(db: DbOrTx, id: number, lock = false): Promise<RainRow | undefined> {
  // `for no key update`, not `for update`: each grab's insert into money_rain_grabs already holds a key-share lock on
  // this row through its foreign key, and two grabs upgrading that to `for update` deadlock each other on PostgreSQL
  // (one per second, by the deadlock timeout). A no-key-update lock still serialises the budget and leaves key shares be.
  const [row] = await rowsOf<RawRain>(db, sql`select ${RAIN_COLUMNS} from money_rains where id = ${id} ${lock ? sql`for no key update` : sql``}`);
  return row && rainOf(row);
}

/** The brand's rain that has not ended, soonest first (one runs at a time in practice; the earliest is shown). */
async function rainCurrentOf(db: DbOrTx, appKey: string, now: Date): Promise<RainRow | undefined> {
  const [row] = await rowsOf<RawRain>(
    db,
    sql`select ${RAIN_COLUMNS} from money_rains where app_key = ${appKey} and ends_at > ${now.toISOString()}::timestamptz order by starts_at, id limit 1`,
  );
  return row && rainOf(row);
}

function profileOf(user: SessionUser, requestAppKey: string): VariantProfile {
  const profile = variantFindByKey(user.appKey ?? requestAppKey);
  if (!profile) throw new AppError('RAIN_NOT_FOUND');
  return profile;
}

/** `activity/money-rain`: the brand's current or next rain, its open drop and what the player grabbed. */
export async function rainCurrentGet(deps: RainDeps, user: SessionUser, requestAppKey: string) {
  const profile = profileOf(user, requestAppKey);
  const now = deps.now();
  const rain = await rainCurrentOf(deps.db, profile.appKey, now);
  if (!rain) return { currency: profile.currency, rain: null };
  const moment = rainMomentOf(rain, now);
  const grabs = await rowsOf<{ drop_index: number; amount_minor: string }>(
    deps.db,
    sql`select drop_index, amount_minor::text from money_rain_grabs where rain_id = ${rain.id} and user_id = ${user.uid}`,
  );
  const grabbedOpen = moment.open ? grabs.find((grab) => Number(grab.drop_index) === moment.open!.index) : undefined;
  return {
    currency: rain.currency,
    rain: {
      id: String(rain.id),
      start_time: seconds(rain.startsAt),
      end_time: seconds(rain.endsAt),
      drops: rain.drops,
      grab_min: rain.grabMinMinor,
      grab_max: rain.grabMaxMinor,
      left: rain.budgetMinor - rain.paidMinor,
      open_drop: moment.open
        ? { index: moment.open.index, close_time: seconds(moment.open.closesAt), grabbed: grabbedOpen ? Number(grabbedOpen.amount_minor) : 0 }
        : null,
      next_drop_time: moment.next ? seconds(moment.next.opensAt) : null,
      won: grabs.reduce((total, grab) => total + Number(grab.amount_minor), 0),
    },
  };
}

/** `activity/money-rain/grab`: once per player and drop, never past the budget, paid through the engine. */
export async function rainGrabPost(deps: RainDeps, user: SessionUser, requestAppKey: string, rainId: string) {
  const profile = profileOf(user, requestAppKey);
  const now = deps.now();
  const rain = await rainFind(deps.db, Number(rainId));
  if (!rain || rain.appKey !== profile.appKey) throw new AppError('RAIN_NOT_FOUND', { field: 'rain_id' });
  const open = rainMomentOf(rain, now).open;
  if (!open) throw new AppError('RAIN_NOT_OPEN', { field: 'rain_id' });
  const result = await transaction(deps.db, async (tx) => {
    // 1. The player's grab of this drop: a second one (or a concurrent twin, once the first commits) conflicts here.
    const claimed = await rowsOf(
      tx,
      sql`insert into money_rain_grabs (rain_id, drop_index, user_id, amount_minor, bonus_id, created_at)
          values (${rain.id}, ${open.index}, ${user.uid}, 0, 0, ${now.toISOString()}::timestamptz) on conflict do nothing returning rain_id`,
    );
    if (claimed.length === 0) throw new AppError('RAIN_GRABBED', { field: 'rain_id' });
    // 2. The budget, under the rain row's lock: what is left is read after every earlier grab committed.
    const locked = (await rainFind(tx, rain.id, true))!;
    const amountMinor = rainPayMinor(rainGrabMinor(locked, locked.id, open.index, user.uid), locked.budgetMinor - locked.paidMinor);
    if (amountMinor <= 0) throw new AppError('RAIN_BUDGET_SPENT', { field: 'rain_id' });
    const spent = await rowsOf(
      tx,
      sql`update money_rains set paid_minor = paid_minor + ${amountMinor} where id = ${rain.id} and paid_minor + ${amountMinor} <= budget_minor returning id`,
    );
    if (spent.length === 0) throw new AppError('RAIN_BUDGET_SPENT', { field: 'rain_id' });
    // 3. The grant, through the engine.
    const bonus = await rewardPay(tx, profile, rainCampaignId(profile.appKey, rain.id), user.uid, `rain:${rain.id}:${open.index}`, amountMinor, now).catch(
      (error: unknown) => {
        if (error instanceof AppError && error.errorName === 'LOYALTY_REWARD_UNAVAILABLE') throw new AppError('RAIN_UNAVAILABLE');
        throw error;
      },
    );
    if (!bonus) throw new AppError('RAIN_GRABBED', { field: 'rain_id' });
    await tx.execute(
      sql`update money_rain_grabs set amount_minor = ${amountMinor}, bonus_id = ${bonus.id} where rain_id = ${rain.id} and drop_index = ${open.index} and user_id = ${user.uid}`,
    );
    return { drop: open.index, amount: amountMinor, bonus: bonusView(bonus) };
  });
  return result;
}

/** Operators: schedule a rain (its own engine campaign is made in the same transaction). */
export async function opsMoneyRainSchedule(deps: RainDeps, body: z.output<typeof opsMoneyRainBody>) {
  const profile = variantFindByKey(body.app_key);
  if (!profile) throw new AppError('VALIDATION_FAILED', { field: 'app_key', issue: 'unknown_brand' });
  if (!bonusAllowedInMarket(profile.market, 'loyalty')) throw new AppError('VALIDATION_FAILED', { field: 'app_key', issue: 'forbidden_in_market' });
  const now = deps.now();
  const plan: RainPlan = {
    startsAt: new Date(body.start_time * 1000),
    drops: body.drops,
    intervalMs: body.interval_s * 1000,
    openMs: body.open_s * 1000,
    grabMinMinor: body.grab_min_minor,
    grabMaxMinor: body.grab_max_minor,
    budgetMinor: body.budget_minor,
  };
  const issue = rainPlanIssue(plan);
  if (issue) throw new AppError('VALIDATION_FAILED', { field: issue, issue: 'invalid' });
  const endsAt = rainEndsAt(plan);
  if (endsAt <= now) throw new AppError('VALIDATION_FAILED', { field: 'start_time', issue: 'in_the_past' });
  const id = await transaction(deps.db, async (tx) => {
    const [row] = await rowsOf<{ id: string }>(
      tx,
      sql`insert into money_rains (app_key, currency, starts_at, ends_at, drops, interval_ms, open_ms, grab_min_minor, grab_max_minor, budget_minor, created_at)
          values (${profile.appKey}, ${profile.currency}, ${plan.startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz, ${plan.drops},
            ${plan.intervalMs}, ${plan.openMs}, ${plan.grabMinMinor}, ${plan.grabMaxMinor}, ${plan.budgetMinor}, ${now.toISOString()}::timestamptz)
          returning id::text`,
    );
    const rainId = Number(row!.id);
    const terms: CampaignTerms = { purpose: 'loyalty', wagering: { multiplier: body.wagering, base: 'bonus' }, weights: WEIGHTS, lifetimeDays: 30 };
    await campaignInsert(tx, { id: rainCampaignId(profile.appKey, rainId), appKey: profile.appKey, kind: 'money_rain', terms }, now);
    return rainId;
  });
  return { id: String(id), app_key: profile.appKey, campaign_id: rainCampaignId(profile.appKey, id), end_time: seconds(endsAt) };
}

/* The announce job. */

function amountText(amountMinor: number, currency: string, locale: Locale): string {
  if (isCurrencyCode(currency)) return formatMoney(minorUnits(amountMinor), currency, { locale });
  return `${(amountMinor / 100).toFixed(2)} ${currency}`;
}

function textsOf(rain: RainRow) {
  const texts: Record<string, { title: string; content: string }> = {};
  const button: Record<string, string> = {};
  for (const locale of LOCALES) {
    const words = RAIN_TEXTS[locale]!;
    texts[locale] = { title: words.title, content: words.content.replace('{amount}', amountText(rain.grabMaxMinor, rain.currency, locale)) };
    button[locale] = words.button;
  }
  return { texts, button };
}

/**
 * Tells the brand about each drop that is open and not yet announced: the rain row's `announced_drops` moves first
 * (a compare-and-set, so two passes never both announce), then a pop-up message keyed `rain:<id>:<drop>` and one
 * push outbox row per subscription under the same ref (both unique, so a pass cut short and rerun adds nothing).
 */
export async function rainAnnouncePass(deps: RainDeps): Promise<number> {
  const now = deps.now();
  const rows = await rowsOf<RawRain>(
    deps.db,
    sql`select ${RAIN_COLUMNS} from money_rains where starts_at <= ${now.toISOString()}::timestamptz and ends_at > ${now.toISOString()}::timestamptz
          and announced_drops < drops order by id limit 100`,
  );
  let announced = 0;
  for (const rain of rows.map(rainOf)) {
    const open = rainMomentOf(rain, now).open;
    if (!open || open.index < rain.announcedDrops) continue;
    const ref = `rain:${rain.id}:${open.index}`;
    const { texts, button } = textsOf(rain);
    const pushRows: OutboxInsert[] = [];
    const won = await transaction(deps.db, async (tx) => {
      const moved = await rowsOf(
        tx,
        sql`update money_rains set announced_drops = ${open.index + 1} where id = ${rain.id} and announced_drops = ${rain.announcedDrops} returning id`,
      );
      if (moved.length === 0) return false;
      await messageInsert(tx, {
        appKey: rain.appKey,
        audience: 'brand',
        segment: null,
        userId: null,
        messageType: 3,
        contentType: 1,
        texts,
        buttons: [{ text: button, link: RAIN_PATH }],
        icons: [],
        btnBkImage: '',
        turnTime: 5,
        allowClose: true,
        isH5: false,
        popupLevel: 2,
        sourceRef: ref,
        createdAt: now,
        expiresAt: open.closesAt,
      });
      for (const target of await audienceSubscriptions(tx, rain.appKey, { kind: 'brand' }, now)) {
        const locale = ((LOCALES as readonly string[]).includes(target.lang) ? target.lang : (variantFindByKey(rain.appKey)?.defaultLang ?? 'en-US')) as Locale;
        const words = texts[locale] ?? texts['en-US']!;
        pushRows.push({
          ref,
          subscriptionId: target.id,
          userId: target.userId,
          marketing: true,
          payload: { id: `${ref}:${target.userId}`, title: words.title, body: words.content, link: `#${RAIN_PATH}`, lang: locale, source: 'money_rain' },
          ttlS: Math.max(60, Math.floor((open.closesAt.getTime() - now.getTime()) / 1000)),
          urgency: 'high',
        });
      }
      for (let start = 0; start < pushRows.length; start += 500) await outboxInsert(tx, pushRows.slice(start, start + 500), now);
      return true;
    });
    if (!won) continue;
    announced += 1;
    // After the commit: the brand's open pages show the rain overlay and read the message list again.
    deps.realtime?.publish(realtimeTopic.brand(rain.appKey), { type: 'money_rain', rain_id: String(rain.id) });
  }
  return announced;
}

/** Drops open at fixed times; checking every 5 s announces each within seconds of opening. */
export const MONEY_RAIN_MS = 5_000;

export const MONEY_RAIN_JOB = 'money-rain';

export function moneyRainJobSpec(deps: RainDeps & { pushTrigger?: () => void }): JobSpec {
  return {
    name: MONEY_RAIN_JOB,
    scope: 'leader',
    everyMs: MONEY_RAIN_MS,
    atStart: 'soon',
    run: async () => {
      if ((await rainAnnouncePass(deps)) > 0) deps.pushTrigger?.();
    },
  };
}
