import type { EndpointBody, EndpointData, saferBlockSet, saferLimitSet, saferState } from '@piranha/contract';
import {
  blockEndsAt,
  blockExtends,
  DEFAULT_VARIANT,
  jurisdictionOfBrand,
  kycRequiredFor,
  limitChange,
  limitInForce,
  limitWindowEnd,
  limitWindowStart,
  limitWindowStarts,
  PLAY_HEARTBEAT_CAP_SECONDS,
  SELF_EXCLUSION_MONTHS_MAX,
  SELF_EXCLUSION_MONTHS_MIN,
  TIME_OUT_HOURS_MAX,
  TIME_OUT_HOURS_MIN,
  timeLimitMinutesValid,
  TIME_LIMIT_PERIOD,
  variantFindByKey,
  type JurisdictionOverrides,
  type JurisdictionProfile,
  type LimitKind,
  type LimitPeriod,
  type VariantProfile,
} from '@piranha/domain';
import { sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../app-error.ts';
import { rowsOf, type Db, type DbOrTx, type Tx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { payinSumSince, userMoneyLock } from '../payments/payments.repository.ts';
import { messagesPlayerChanged } from '../messages/messages-cache.ts';
import {
  auditInsert,
  auditOf,
  blockLock,
  blockOf,
  blockUpsert,
  currencyLimitMissing,
  kycVerified,
  limitsOf,
  limitUpsert,
  lossReturnCount,
  lossReturnSql,
  playTimeTakeSql,
  saferRefusedSql,
  saferStakeCtes,
  saferStakeTakeSql,
  STAKE_LIMIT_KINDS,
  statementDays,
  usageOf,
  usageStart,
  type BlockRow,
  type LimitRow,
  type MandatoryLimits,
  type StakeWindows,
} from './safer-play.repository.ts';

/**
 * Safer play (issue 20, decision 027): the player's limits, time-out and self-exclusion, enforced where money enters
 * play — a pay-in order, a bet, a casino debit — and explained, never enforced, by the web.
 */

let overrides: JurisdictionOverrides = {};

/** The operator's settings for unverified facts (config SAFER_PLAY_OVERRIDES), set once at boot. */
export function saferPlayOverridesSet(next: JurisdictionOverrides): void {
  overrides = next;
}

export function brandOfKey(appKey: string | undefined): VariantProfile {
  return (appKey !== undefined && variantFindByKey(appKey)) || DEFAULT_VARIANT;
}

export function jurisdictionOfKey(appKey: string | undefined): JurisdictionProfile {
  return jurisdictionOfBrand(brandOfKey(appKey), overrides);
}

/**
 * The least a stake may be under the law of the brand's market, in minor units of `currency` (Kenya: KES 20); 0 where
 * the law sets none or the stake is in another currency than the one the law counts in.
 */
export function saferMinStakeMinor(appKey: string | undefined, currency: string): number {
  const profile = jurisdictionOfKey(appKey);
  return profile.minStakeMinor !== undefined && brandOfKey(appKey).currency === currency ? profile.minStakeMinor : 0;
}

export function stakeWindowsOf(profile: JurisdictionProfile, now: Date): StakeWindows {
  return limitWindowStarts(now, profile.timeZone);
}

const unix = (at: Date) => Math.floor(at.getTime() / 1000);

const LIMIT_ERRORS = { deposit: 'SAFER_DEPOSIT_LIMIT', loss: 'SAFER_LOSS_LIMIT', wager: 'SAFER_WAGER_LIMIT', time: 'SAFER_TIME_LIMIT' } as const;

function blockInForce(block: BlockRow | undefined, now: Date): BlockRow | undefined {
  if (!block) return undefined;
  return block.endsAt === null || block.endsAt.getTime() > now.getTime() ? block : undefined;
}

function blockRefusal(block: BlockRow): AppError {
  return new AppError(block.kind === 'time_out' ? 'SAFER_TIMED_OUT' : 'SAFER_SELF_EXCLUDED', {
    issue: block.kind,
    reset_at: block.endsAt ? unix(block.endsAt) : 0,
  });
}

/**
 * Counts a play action on the player's play-time clock (decision 054) and answers the refusal when today's time limit
 * is used up, else undefined. Run on `db` outside a transaction it commits what it counted: the time was played
 * whatever becomes of the action.
 */
async function playTimeRefusal(db: DbOrTx, userId: number, profile: JurisdictionProfile, now: Date, capSeconds?: number): Promise<AppError | undefined> {
  const { limitSeconds, usedSeconds } = await playTimeTakeSql(db, { userId, day: limitWindowStart(TIME_LIMIT_PERIOD, now, profile.timeZone), now, capSeconds });
  if (limitSeconds === null || usedSeconds < limitSeconds) return undefined;
  return new AppError('SAFER_TIME_LIMIT', {
    field: TIME_LIMIT_PERIOD,
    issue: `limit_${Math.round(limitSeconds / 60)}`,
    reset_at: unix(limitWindowEnd(TIME_LIMIT_PERIOD, now, profile.timeZone)),
  });
}

/**
 * A play action that stakes no money (a game launch, a free bet, a free round) still runs the play-time clock and is
 * refused (SAFER_TIME_LIMIT) once today's minutes are used up.
 */
export async function saferPlayTimeTake(db: DbOrTx, userId: number, appKey: string | undefined, now: Date): Promise<void> {
  const refusal = await playTimeRefusal(db, userId, jurisdictionOfKey(appKey ?? (await appKeyOfUid(db, userId))), now);
  if (refusal) throw refusal;
}

/**
 * The game room's heartbeat (decision 065): a game open and visible is play, counted on the play-time clock with the
 * heartbeat's clamp (domain `PLAY_HEARTBEAT_CAP_SECONDS`), so a long round of an outside studio that bets rarely
 * counts. A beat once today's time is used up (or while a block is in force) is refused like any play action: the
 * page closes the game with the server's reason. Answers today's seconds and the limit (null: none).
 */
export async function saferHeartbeatPost(deps: SaferDeps, user: SessionUser): Promise<{ play_seconds: number; limit_seconds: number | null }> {
  const now = deps.now();
  const appKey = await appKeyOf(deps.db, user);
  await saferPlayCheck(deps.db, user.uid, now);
  const profile = jurisdictionOfKey(appKey);
  const { limitSeconds, usedSeconds } = await playTimeTakeSql(deps.db, {
    userId: user.uid,
    day: limitWindowStart(TIME_LIMIT_PERIOD, now, profile.timeZone),
    now,
    capSeconds: PLAY_HEARTBEAT_CAP_SECONDS,
  });
  if (limitSeconds !== null && usedSeconds >= limitSeconds)
    throw new AppError('SAFER_TIME_LIMIT', {
      field: TIME_LIMIT_PERIOD,
      issue: `limit_${Math.round(limitSeconds / 60)}`,
      reset_at: unix(limitWindowEnd(TIME_LIMIT_PERIOD, now, profile.timeZone)),
    });
  return { play_seconds: usedSeconds, limit_seconds: limitSeconds };
}

/**
 * The kinds of limit the brand's law asks every player to hold before money enters play (Brazil: loss, decision 057),
 * with the currency they must be kept in; no kinds elsewhere, so other brands pay nothing for the check.
 */
export function saferMandatoryLimits(appKey: string | undefined): MandatoryLimits {
  const { mandatoryLimits } = jurisdictionOfKey(appKey);
  return { kinds: mandatoryLimits.askedAt === 'never' ? [] : mandatoryLimits.kinds, currency: brandOfKey(appKey).currency };
}

/**
 * The refusal (SAFER_LIMIT_CURRENCY) when money of `kinds` would move in `currency` while the player keeps a limit of
 * one of them in another currency and none in this one (decision 065): a limit binds its own currency, and there is no
 * exchange rate to carry it over. The same SQL as the stake guard's branch, so the two cannot disagree.
 */
async function currencyLimitRefusal(db: DbOrTx, userId: number, currency: string, kinds: readonly string[], now: Date): Promise<AppError | undefined> {
  const kind = await currencyLimitMissing(db, { userId, currency, kinds, now });
  return kind === undefined ? undefined : new AppError('SAFER_LIMIT_CURRENCY', { field: 'currency', issue: `${kind}_limit_in_${currency}` });
}

function limitRequiredRefusal(kind: string): AppError {
  return new AppError('SAFER_LIMIT_REQUIRED', { field: 'safer_limit.kind', issue: kind });
}

/**
 * The refusal (SAFER_LIMIT_REQUIRED, naming the first missing kind) when the brand's law asks a limit the player has
 * not in force — a guest never asked at sign-up, or a limit removed since — else undefined.
 */
async function limitRequiredRefusalOf(db: DbOrTx, userId: number, appKey: string, now: Date): Promise<AppError | undefined> {
  const { kinds, currency } = saferMandatoryLimits(appKey);
  if (kinds.length === 0) return undefined;
  const rows = await limitsOf(db, userId);
  const missing = kinds.find((kind) => !rows.some((row) => row.kind === kind && row.currency === currency && inForce(row, now) !== null));
  return missing === undefined ? undefined : limitRequiredRefusal(missing);
}

/**
 * Refuses money in and play (a pay-in, a launch, a free bet or round) without the limit the brand's law asks of every
 * player (decision 057); a brand whose law asks none reads nothing.
 */
export async function saferLimitRequiredCheck(db: DbOrTx, userId: number, appKey: string | undefined, now: Date): Promise<void> {
  if (appKey !== undefined && saferMandatoryLimits(appKey).kinds.length === 0) return;
  const refusal = await limitRequiredRefusalOf(db, userId, appKey ?? (await appKeyOfUid(db, userId)), now);
  if (refusal) throw refusal;
}

/**
 * A closed market (India, Vietnam; decision 049): no sign-up, deposit, bet, casino round or bonus on its brands
 * (JURISDICTION_CLOSED). Sign-in, balance, history and withdrawals stay open, so a player can take their money out.
 */
export function saferMarketOpenCheck(appKey: string | undefined): void {
  const profile = jurisdictionOfKey(appKey);
  if (profile.closed) throw new AppError('JURISDICTION_CLOSED', { field: 'market', issue: profile.key });
}

/** Refuses (SAFER_TIMED_OUT / SAFER_SELF_EXCLUDED) when a block is in force: before a launch, a pay-in, a bonus. */
export async function saferPlayCheck(db: DbOrTx, userId: number, now: Date): Promise<void> {
  const block = blockInForce(await blockOf(db, userId), now);
  if (block) throw blockRefusal(block);
}

/**
 * Before a game launch: a block in force refuses, and so does an identity not yet verified where the brand's law asks
 * it before play (KYC_REQUIRED, decision 037) or a limit it asks of every player not set (SAFER_LIMIT_REQUIRED,
 * decision 057); the launch is a play action on the play-time clock, refused once today's time limit is used up
 * (SAFER_TIME_LIMIT, decision 054).
 */
export async function saferPlayStartCheck(db: DbOrTx, userId: number, now: Date): Promise<void> {
  const appKey = await appKeyOfUid(db, userId);
  saferMarketOpenCheck(appKey);
  await saferPlayCheck(db, userId, now);
  await saferKycPlayCheck(db, userId, appKey);
  await saferLimitRequiredCheck(db, userId, appKey, now);
  await saferPlayTimeTake(db, userId, appKey, now);
}

async function saferKycPlayCheck(db: DbOrTx, userId: number, appKey: string): Promise<void> {
  if (!kycRequiredFor(jurisdictionOfKey(appKey), 'play') || (await kycVerified(db, userId))) return;
  throw new AppError('KYC_REQUIRED', { field: 'kyc', issue: 'play' });
}

/**
 * Whether the player may receive marketing and bonuses now: not while timed out or self-excluded, never on a closed
 * market's brand (decision 049: the law there bans offering and advertising money games).
 */
export async function saferMarketingAllowed(db: DbOrTx, userId: number, now: Date): Promise<boolean> {
  if (blockInForce(await blockOf(db, userId), now)) return false;
  return !jurisdictionOfKey(await appKeyOfUid(db, userId)).closed;
}

function inForce(row: LimitRow, now: Date): number | null {
  return limitInForce({ amountMinor: row.amountMinor, pending: row.pendingAt ? { amountMinor: row.pendingAmountMinor, at: row.pendingAt } : null }, now);
}

/**
 * A pay-in of `amountMinor` must fit every deposit limit in force, and the limit the brand's law asks of every player
 * must be set (decision 057). Call inside the order's transaction after the player's pay-in lock (payments
 * `userMoneyLock`): concurrent orders then count each other and none overshoots.
 */
export async function saferDepositCheck(tx: Tx, userId: number, appKey: string, currency: string, amountMinor: number, now: Date): Promise<void> {
  await saferPlayCheck(tx, userId, now);
  await saferLimitRequiredCheck(tx, userId, appKey, now);
  const otherCurrency = await currencyLimitRefusal(tx, userId, currency, ['deposit'], now);
  if (otherCurrency) throw otherCurrency;
  const limits = (await limitsOf(tx, userId)).filter((row) => row.kind === 'deposit' && row.currency === currency);
  if (limits.length === 0) return;
  const profile = jurisdictionOfKey(appKey);
  for (const row of limits) {
    const limit = inForce(row, now);
    if (limit === null) continue;
    const period = row.period as LimitPeriod;
    const used = await payinSumSince(tx, userId, currency, limitWindowStart(period, now, profile.timeZone), now);
    if (used + amountMinor > limit)
      throw new AppError('SAFER_DEPOSIT_LIMIT', {
        field: period,
        issue: `remaining_${Math.max(0, limit - used)}`,
        reset_at: unix(limitWindowEnd(period, now, profile.timeZone)),
      });
  }
}

/**
 * Why a stake was refused by the guard, as the error the player reads: the block in force, else the first limit
 * the stake does not fit, with when its window resets. Read after the refusing statement rolled back.
 */
export async function saferStakeRefusal(
  db: DbOrTx,
  userId: number,
  appKey: string | undefined,
  currency: string,
  stakeMinor: number,
  now: Date,
): Promise<AppError> {
  const brandKey = appKey ?? (await appKeyOfUid(db, userId));
  const profile = jurisdictionOfKey(brandKey);
  if (profile.closed) return new AppError('JURISDICTION_CLOSED', { field: 'market', issue: profile.key });
  const block = blockInForce(await blockOf(db, userId), now);
  if (block) return blockRefusal(block);
  if (kycRequiredFor(profile, 'play') && !(await kycVerified(db, userId))) return new AppError('KYC_REQUIRED', { field: 'kyc', issue: 'play' });
  const limitRequired = await limitRequiredRefusalOf(db, userId, brandKey, now);
  if (limitRequired) return limitRequired;
  const otherCurrency = await currencyLimitRefusal(db, userId, currency, STAKE_LIMIT_KINDS, now);
  if (otherCurrency) return otherCurrency;
  // After a placement rolled back, this counts the attempt's play time again, for good: the player did play it.
  const timeUp = await playTimeRefusal(db, userId, profile, now);
  if (timeUp) return timeUp;
  const windows = stakeWindowsOf(profile, now);
  const usage = await usageOf(db, userId, windows);
  for (const row of await limitsOf(db, userId)) {
    const limit = inForce(row, now);
    if (row.kind === 'deposit' || row.kind === 'time' || row.currency !== currency || limit === null) continue;
    const used = usage.find((entry) => entry.kind === row.kind && entry.period === row.period && entry.currency === currency)?.usedMinor ?? 0;
    if (used + stakeMinor > limit) {
      const period = row.period as LimitPeriod;
      return new AppError(LIMIT_ERRORS[row.kind as LimitKind], {
        field: period,
        issue: `remaining_${Math.max(0, limit - used)}`,
        reset_at: unix(limitWindowEnd(period, now, profile.timeZone)),
      });
    }
  }
  // Counted meanwhile by a concurrent stake that has since rolled back: the limit is the reason all the same.
  return new AppError('SAFER_WAGER_LIMIT', { field: 'day', reset_at: unix(limitWindowEnd('day', now, profile.timeZone)) });
}

/** The stake guard for a one-statement placement: CTEs to add and the condition that must abort it (decision 027). */
export function saferStakeGuard(userId: number, appKey: string | undefined, currency: string, stakeMinor: number, now: Date, claimed: SQL, returnMinor = 0) {
  const profile = jurisdictionOfKey(appKey);
  const windows = stakeWindowsOf(profile, now);
  return {
    ctes: saferStakeCtes({
      userId,
      currency,
      stakeMinor,
      windows,
      now,
      claimed,
      kycPlay: kycRequiredFor(profile, 'play'),
      mandatory: saferMandatoryLimits(appKey),
      returnMinor,
    }),
    refused: saferRefusedSql(claimed),
  };
}

/**
 * Counts a stake against the player's wager and loss limits and runs the play-time clock inside the caller's
 * transaction; throws the refusal.
 */
export async function saferStakeTake(tx: Tx, userId: number, appKey: string | undefined, currency: string, stakeMinor: number, now: Date): Promise<void> {
  saferMarketOpenCheck(appKey ?? (await appKeyOfUid(tx, userId)));
  const profile = jurisdictionOfKey(appKey);
  const windows = stakeWindowsOf(profile, now);
  const mandatory = saferMandatoryLimits(appKey);
  if (await saferStakeTakeSql(tx, { userId, currency, stakeMinor, windows, now, kycPlay: kycRequiredFor(profile, 'play'), mandatory })) return;
  throw await saferStakeRefusal(tx, userId, appKey, currency, stakeMinor, now);
}

/** `saferReturnCount` as a CTE (`lr`) of a one-statement win: it runs where `claimed` holds. */
export function saferReturnCte(userId: number, currency: string, amountMinor: number, now: Date, claimed: SQL): SQL {
  return sql`lr as (${lossReturnSql({ userId, currency, amountMinor, now }, claimed)})`;
}

/** A return paid to the player (a win, a cash-out) lowers the loss counted in the current windows of its currency. */
export async function saferReturnCount(tx: DbOrTx, userId: number, currency: string, amountMinor: number, now: Date): Promise<void> {
  if (amountMinor <= 0) return;
  await lossReturnCount(tx, userId, currency, amountMinor, now);
}

// ---- the player's own tools ----

type SaferState = EndpointData<typeof saferState>;

interface SaferDeps {
  db: Db;
  now: () => Date;
}

async function appKeyOfUid(db: DbOrTx, userId: number): Promise<string> {
  const [row] = await rowsOf<{ app_key: string }>(db, sql`select app_key from users where id = ${userId}`);
  return row?.app_key ?? DEFAULT_VARIANT.appKey;
}

async function appKeyOf(db: DbOrTx, user: SessionUser): Promise<string> {
  return user.appKey ?? appKeyOfUid(db, user.uid);
}

function limitView(
  row: LimitRow,
  profile: JurisdictionProfile,
  usage: readonly { kind: string; period: string; currency: string; usedMinor: number }[],
  deposits: ReadonlyMap<string, number>,
  now: Date,
) {
  const period = row.period as LimitPeriod;
  const pending = row.pendingAt && row.pendingAt.getTime() > now.getTime() ? { amount: row.pendingAmountMinor, apply_time: unix(row.pendingAt) } : null;
  const used =
    row.kind === 'deposit'
      ? (deposits.get(`${row.currency}:${period}`) ?? 0)
      : Math.max(
          0,
          usage.find((entry) => entry.kind === row.kind && entry.period === period && entry.currency === (row.kind === 'time' ? '' : row.currency))
            ?.usedMinor ?? 0,
        );
  return {
    kind: row.kind as LimitKind,
    period,
    currency: row.currency,
    amount: inForce(row, now),
    used,
    reset_time: unix(limitWindowEnd(period, now, profile.timeZone)),
    pending,
  };
}

/** Writes pending changes whose time has come as the limit in force, each with its audit line (actor system). */
async function pendingApply(tx: Tx, rows: readonly LimitRow[], now: Date): Promise<LimitRow[]> {
  const out: LimitRow[] = [];
  for (const row of rows) {
    if (row.pendingAt && row.pendingAt.getTime() <= now.getTime()) {
      const applied = { ...row, amountMinor: row.pendingAmountMinor, pendingAmountMinor: null, pendingAt: null, updatedAt: now };
      await limitUpsert(tx, applied);
      await auditInsert(tx, { userId: row.userId, actor: 'system', action: 'limit_applied', before: limitAudit(row), after: limitAudit(applied), at: now });
      out.push(applied);
    } else out.push(row);
  }
  return out;
}

function limitAudit(row: LimitRow | undefined) {
  if (!row) return null;
  return {
    kind: row.kind,
    period: row.period,
    currency: row.currency,
    amount: row.amountMinor,
    pending_amount: row.pendingAt ? row.pendingAmountMinor : undefined,
    pending_at: row.pendingAt?.toISOString(),
  };
}

function blockAudit(row: BlockRow | undefined) {
  if (!row) return null;
  return { kind: row.kind, starts_at: row.startsAt.toISOString(), ends_at: row.endsAt?.toISOString() ?? null };
}

async function stateOf(tx: Tx, userId: number, appKey: string, now: Date): Promise<SaferState> {
  const profile = jurisdictionOfKey(appKey);
  const brand = brandOfKey(appKey);
  const rows = await pendingApply(tx, await limitsOf(tx, userId, true), now);
  const usage = await usageOf(tx, userId, stakeWindowsOf(profile, now));
  const deposits = new Map<string, number>();
  for (const row of rows.filter((entry) => entry.kind === 'deposit'))
    deposits.set(
      `${row.currency}:${row.period}`,
      await payinSumSince(tx, userId, row.currency, limitWindowStart(row.period as LimitPeriod, now, profile.timeZone), now),
    );
  const block = blockInForce(await blockOf(tx, userId), now);
  return {
    jurisdiction: profile.key,
    cooling_hours: profile.coolingHours,
    time_zone: profile.timeZone,
    reality_check_minutes: profile.realityCheckMinutes,
    mandatory_limits: [...profile.mandatoryLimits.kinds],
    limits_asked_at: profile.mandatoryLimits.askedAt,
    national_self_exclusion_url: profile.nationalSelfExclusionUrl ?? '',
    time_out_hours: { min: TIME_OUT_HOURS_MIN, max: TIME_OUT_HOURS_MAX },
    self_exclusion_months: { min: SELF_EXCLUSION_MONTHS_MIN, max: SELF_EXCLUSION_MONTHS_MAX },
    limits: rows
      // Every currency of the brand (a multi-currency brand keeps a limit per currency, decision 065).
      .filter((row) => (brand.currencies as readonly string[]).includes(row.currency) && (row.amountMinor !== null || row.pendingAt !== null))
      .map((row) => limitView(row, profile, usage, deposits, now)),
    block: block
      ? { kind: block.kind as 'time_out' | 'self_exclusion', start_time: unix(block.startsAt), end_time: block.endsAt ? unix(block.endsAt) : 0 }
      : null,
  };
}

export async function saferStateGet(deps: SaferDeps, user: SessionUser): Promise<SaferState> {
  const appKey = await appKeyOf(deps.db, user);
  return transaction(deps.db, async (tx) => {
    await userMoneyLock(tx, 'safer', user.uid);
    return stateOf(tx, user.uid, appKey, deps.now());
  });
}

/**
 * Sets, raises, lowers or removes one limit. A decrease applies at once (and a new wager or loss limit starts from
 * what the player already staked or lost in the window); a raise or removal waits the jurisdiction's cooling period.
 */
export async function saferLimitSetPost(deps: SaferDeps, user: SessionUser, body: EndpointBody<typeof saferLimitSet>): Promise<SaferState> {
  timeLimitCheck(body);
  const appKey = await appKeyOf(deps.db, user);
  const now = deps.now();
  return transaction(deps.db, async (tx) => {
    await limitSetInTx(tx, user.uid, appKey, body, now);
    return stateOf(tx, user.uid, appKey, now);
  });
}

/**
 * One limit change inside the caller's transaction, under the player's safer lock, with its audit row (`note` adds to
 * the audit's `after`, e.g. that it was set as a tourist registered).
 */
async function limitSetInTx(
  tx: Tx,
  userId: number,
  appKey: string,
  body: { kind: string; period: string; amount: number | null; currency?: string | undefined },
  now: Date,
  note: Record<string, unknown> = {},
): Promise<void> {
  const profile = jurisdictionOfKey(appKey);
  const currency = limitCurrencyOf(appKey, body);
  await userMoneyLock(tx, 'safer', userId);
  const rows = await pendingApply(tx, await limitsOf(tx, userId, true), now);
  const before = rows.find((row) => row.kind === body.kind && row.period === body.period && row.currency === currency);
  const state = before
    ? { amountMinor: before.amountMinor, pending: before.pendingAt ? { amountMinor: before.pendingAmountMinor, at: before.pendingAt } : null }
    : { amountMinor: null };
  const wasInForce = before !== undefined && inForce(before, now) !== null;
  const next = limitChange(state, body.amount, now, profile.coolingHours);
  const after: LimitRow = {
    userId,
    kind: body.kind,
    period: body.period,
    currency,
    amountMinor: next.amountMinor,
    pendingAmountMinor: next.pending?.amountMinor ?? null,
    pendingAt: next.pending?.at ?? null,
    updatedAt: now,
  };
  await limitUpsert(tx, after);
  await auditInsert(tx, { userId, actor: 'player', action: 'limit', before: limitAudit(before), after: { ...limitAudit(after), ...note }, at: now });
  const kind = body.kind as LimitKind;
  // A limit that comes into force counts only the play after it (decision 065): its window's counter starts at 0 now,
  // whatever was played earlier in the window or counted by a limit removed since. A decrease of a limit already in
  // force keeps counting. Deposit limits count the window's pay-ins from the ledger, as before.
  if (kind !== 'deposit' && next.amountMinor !== null && !wasInForce) {
    const windowStart = limitWindowStart(body.period as LimitPeriod, now, profile.timeZone);
    await usageStart(tx, { userId, kind, period: body.period, currency: kind === 'time' ? '' : currency, windowStart, now });
  }
}

/**
 * The currency a limit is set in: the brand's own unless the request names another of the brand's currencies (a
 * multi-currency brand keeps a limit per currency, decision 065). Play time is not money: it stays in the brand's.
 */
function limitCurrencyOf(appKey: string, body: { kind: string; currency?: string | undefined }): string {
  const brand = brandOfKey(appKey);
  if (body.currency === undefined) return brand.currency;
  if (body.kind === 'time' && body.currency !== brand.currency)
    throw new AppError('SAFER_LIMIT_CURRENCY_INVALID', { field: 'currency', issue: 'time_not_money' });
  if (!(brand.currencies as readonly string[]).includes(body.currency))
    throw new AppError('SAFER_LIMIT_CURRENCY_INVALID', { field: 'currency', issue: 'not_offered' });
  return body.currency;
}

/** A play-time limit is minutes per day, 1 to 1,440 (SAFER_TIME_LIMIT_INVALID names the field that is not). */
function timeLimitCheck(body: EndpointBody<typeof saferLimitSet>): void {
  if (body.kind !== 'time') return;
  if (body.period !== TIME_LIMIT_PERIOD) throw new AppError('SAFER_TIME_LIMIT_INVALID', { field: 'period', issue: 'day_only' });
  if (body.amount !== null && !timeLimitMinutesValid(body.amount)) throw new AppError('SAFER_TIME_LIMIT_INVALID', { field: 'amount', issue: 'minutes_1_1440' });
}

export interface SignupLimit {
  kind: string;
  period: string;
  amount: number;
}

/**
 * Before an e-mail registration: a jurisdiction that asks its mandatory limits at sign-up (Brazil: loss) refuses an
 * account without one of them (SAFER_SIGNUP_LIMIT_REQUIRED). Any brand accepts a limit offered at sign-up.
 */
export function saferSignupLimitCheck(appKey: string, limit: SignupLimit | undefined): void {
  const { mandatoryLimits } = jurisdictionOfKey(appKey);
  if (mandatoryLimits.askedAt !== 'signup' || mandatoryLimits.kinds.length === 0) return;
  if (!limit) throw new AppError('SAFER_SIGNUP_LIMIT_REQUIRED', { field: 'safer_limit', issue: `required_${mandatoryLimits.kinds.join('_')}` });
  if (!(mandatoryLimits.kinds as readonly string[]).includes(limit.kind))
    throw new AppError('SAFER_SIGNUP_LIMIT_REQUIRED', { field: 'safer_limit.kind', issue: `expected_${mandatoryLimits.kinds.join('_')}` });
}

/**
 * The limit chosen at sign-up, stored in the registration's transaction with its audit row (a new account has no
 * limit to compare with: it applies at once).
 */
export async function saferSignupLimitSet(tx: Tx, userId: number, appKey: string, limit: SignupLimit, now: Date): Promise<void> {
  const after: LimitRow = {
    userId,
    kind: limit.kind,
    period: limit.period,
    currency: brandOfKey(appKey).currency,
    amountMinor: limit.amount,
    pendingAmountMinor: null,
    pendingAt: null,
    updatedAt: now,
  };
  await limitUpsert(tx, after);
  await auditInsert(tx, { userId, actor: 'player', action: 'limit', before: null, after: { ...limitAudit(after), at_signup: true }, at: now });
}

/**
 * The limit a tourist chose as they saved an e-mail (bind, decision 057), stored in the bind's transaction with its
 * audit row. The tourist may have played and set limits already: it is a change like one on the Safer play page — a
 * first limit or a decrease applies at once (counting what was already staked or lost in its window), a raise waits
 * the cooling period.
 */
export async function saferBindLimitSet(tx: Tx, userId: number, appKey: string, limit: SignupLimit, now: Date): Promise<void> {
  await limitSetInTx(tx, userId, appKey, limit, now, { at_bind: true });
}

/** A time-out or self-exclusion, at once; it may lengthen one in force, never shorten or lift it. */
export async function saferBlockSetPost(deps: SaferDeps, user: SessionUser, body: EndpointBody<typeof saferBlockSet>): Promise<SaferState> {
  const appKey = await appKeyOf(deps.db, user);
  const now = deps.now();
  const request = body.kind === 'time_out' ? { kind: 'time_out' as const, hours: body.hours } : { kind: 'self_exclusion' as const, months: body.months };
  const endsAt = blockEndsAt(request, now);
  if (endsAt === undefined) throw new AppError('VALIDATION_FAILED', { field: body.kind === 'time_out' ? 'hours' : 'months', issue: 'out_of_range' });
  const state = await transaction(deps.db, async (tx) => {
    await userMoneyLock(tx, 'safer', user.uid);
    const current = await blockLock(tx, user.uid);
    const live = blockInForce(current, now);
    if (!blockExtends(live, endsAt, now)) throw new AppError('SAFER_BLOCK_SHORTER', { field: 'kind', reset_at: live?.endsAt ? unix(live.endsAt) : 0 });
    // A time-out does not turn a self-exclusion into a time-out: the stronger kind stays.
    const kind = live?.kind === 'self_exclusion' ? 'self_exclusion' : body.kind;
    const after: BlockRow = { userId: user.uid, kind, startsAt: live?.startsAt ?? now, endsAt };
    await blockUpsert(tx, after);
    await auditInsert(tx, { userId: user.uid, actor: 'player', action: body.kind, before: blockAudit(current), after: blockAudit(after), at: now });
    return stateOf(tx, user.uid, appKey, now);
  });
  // The message polls answer from a per-node cache: the block hides marketing from the next poll (decision 028).
  messagesPlayerChanged(user.uid);
  return state;
}

/** The activity statement of the last `days` days of the brand's calendar (today included), newest first. */
export async function saferStatementGet(deps: SaferDeps, user: SessionUser, days: number) {
  const appKey = await appKeyOf(deps.db, user);
  const profile = jurisdictionOfKey(appKey);
  const currency = brandOfKey(appKey).currency;
  const today = limitWindowStart('day', deps.now(), profile.timeZone);
  // The start of the day `days − 1` days before today, found from noon of that day so DST cannot shift it a day.
  const since = limitWindowStart('day', new Date(today.getTime() - (days - 1) * 86_400_000 + 12 * 3_600_000), profile.timeZone);
  const rows = await statementDays(deps.db, user.uid, currency, since, profile.timeZone);
  return { currency, days: rows.map((row) => ({ ...row, net: row.returns - row.stakes })) };
}

/** Operator: a player's limit and exclusion history, oldest first. */
export async function saferHistoryGet(db: Db, userId: number, afterId: number) {
  const rows = await auditOf(db, userId, afterId);
  return {
    list: rows.map((row) => ({ id: String(row.id), actor: row.actor, action: row.action, before: row.before, after: row.after, time: unix(row.at) })),
  };
}
