import type { OpsLoyaltyConfig } from '@piranha/contract';
import { bonusMaxMinor } from '@piranha/domain/payments';
import {
  cashbackRatesOf,
  rafflePrizesMinor,
  rankingPrizesMinor,
  isHouseGameId,
  tasksOf,
  variantFindByKey,
  vipConfigOf,
  vipWheelOf,
  vipWheelValid,
  VIP_LEVEL_MAX,
  type CashbackRates,
  type TaskDefinition,
  type VariantProfile,
  type VipConfig,
  type VipWheelSegment,
} from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { AppError } from '../../app-error.ts';
import { rowsOf, type Db, type DbOrTx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';

/**
 * A brand's loyalty settings (decision 045): the code defaults of the domain until an operator changes them through
 * `POST /api/ops/loyalty/config`; each change writes a new version holding the whole effective set, so the latest
 * version is what is in force and an old wheel can still be read for verification. Read once per request or pass
 * batch (one primary-key probe), so two nodes see a change at the next read, never a mix within one transaction.
 */
export interface LoyaltySettings {
  version: number;
  /** Whole points of levels 0–30. */
  levelPoints: readonly number[];
  tasks: readonly TaskDefinition[];
  cashback: CashbackRates;
  wheel: readonly VipWheelSegment[];
  /** The version that set the wheel (0: the code default). */
  wheelVersion: number;
  /** Reward amounts by level 0–30 (decision 048): level-up, weekly free, monthly free. */
  levelUpRewardMinor: readonly number[];
  weekFreeMinor: readonly number[];
  monthFreeMinor: readonly number[];
  /** Prizes of the raffle's places 1–3. */
  rafflePrizesMinor: readonly number[];
  /** Prizes by place of each board kind and period. */
  rankPrizesMinor: RankPrizes;
}

export interface RankPrizes {
  daily: readonly number[];
  weekly: readonly number[];
  daily_win: readonly number[];
  weekly_win: readonly number[];
}

/** A board's prizes in the settings: turnover or biggest win, day or week. */
export function rankPrizesOf(settings: LoyaltySettings, period: 'daily' | 'weekly', kind: 'turnover' | 'win'): number[] {
  const board: keyof RankPrizes = kind === 'turnover' ? period : period === 'daily' ? 'daily_win' : 'weekly_win';
  return [...settings.rankPrizesMinor[board]];
}

interface StoredConfig {
  level_points: number[];
  tasks: { id: string; period: 'daily' | 'weekly'; kind: TaskDefinition['kind']; conf: number; reward: number; game?: string; min_legs?: number }[];
  cashback_bp: { daily: number[]; weekly: number[] };
  wheel: { amount: number; weight: number }[];
  wheel_version: number;
  level_up_reward: number[];
  week_free: number[];
  month_free: number[];
  raffle_prizes: number[];
  rank_prizes: { daily: number[]; weekly: number[]; daily_win: number[]; weekly_win: number[] };
}

function defaultsOf(profile: VariantProfile): StoredConfig {
  const rates = cashbackRatesOf(profile);
  const vip = vipConfigOf(profile);
  return {
    level_points: [...vipConfigOf(profile).thresholds],
    tasks: tasksOf(profile).map((task) => ({
      id: task.id,
      period: task.period,
      kind: task.kind,
      conf: task.confMinor,
      reward: task.rewardMinor,
      ...(task.game === undefined ? {} : { game: task.game }),
      ...(task.minLegs === undefined ? {} : { min_legs: task.minLegs }),
    })),
    cashback_bp: { daily: [...rates.daily], weekly: [...rates.weekly] },
    wheel: vipWheelOf(profile).map((segment) => ({ amount: segment.amountMinor, weight: segment.weight })),
    wheel_version: 0,
    level_up_reward: [...vip.levelUpRewardMinor],
    week_free: [...vip.weekFreeMinor],
    month_free: [...vip.monthFreeMinor],
    raffle_prizes: rafflePrizesMinor(profile),
    rank_prizes: {
      daily: rankingPrizesMinor(profile, 'daily', 'turnover'),
      weekly: rankingPrizesMinor(profile, 'weekly', 'turnover'),
      daily_win: rankingPrizesMinor(profile, 'daily', 'win'),
      weekly_win: rankingPrizesMinor(profile, 'weekly', 'win'),
    },
  };
}

/** A stored set over the defaults: versions written before decision 048 hold no reward amounts or prizes. */
function storedWithDefaults(profile: VariantProfile, stored: Partial<StoredConfig>): StoredConfig {
  return { ...defaultsOf(profile), ...stored };
}

function settingsOf(version: number, stored: StoredConfig): LoyaltySettings {
  return {
    version,
    levelPoints: stored.level_points,
    tasks: stored.tasks.map((task) => ({
      id: task.id,
      period: task.period,
      kind: task.kind,
      confMinor: task.conf,
      rewardMinor: task.reward,
      ...(task.game === undefined ? {} : { game: task.game }),
      ...(task.min_legs === undefined ? {} : { minLegs: task.min_legs }),
    })),
    cashback: { daily: stored.cashback_bp.daily, weekly: stored.cashback_bp.weekly },
    wheel: stored.wheel.map((segment) => ({ amountMinor: segment.amount, weight: segment.weight })),
    wheelVersion: stored.wheel_version,
    levelUpRewardMinor: stored.level_up_reward,
    weekFreeMinor: stored.week_free,
    monthFreeMinor: stored.month_free,
    rafflePrizesMinor: stored.raffle_prizes,
    rankPrizesMinor: stored.rank_prizes,
  };
}

async function storedOf(db: DbOrTx, appKey: string): Promise<{ version: number; config: StoredConfig } | undefined> {
  const [row] = await rowsOf<{ version: number; config: StoredConfig | string }>(
    db,
    sql`select version, config from loyalty_brand_configs where app_key = ${appKey} order by version desc limit 1`,
  );
  if (!row) return undefined;
  return { version: row.version, config: typeof row.config === 'string' ? (JSON.parse(row.config) as StoredConfig) : row.config };
}

/** The settings in force for a brand. */
export async function loyaltySettingsOf(db: DbOrTx, profile: VariantProfile): Promise<LoyaltySettings> {
  const stored = await storedOf(db, profile.appKey);
  return stored === undefined ? settingsOf(0, defaultsOf(profile)) : settingsOf(stored.version, storedWithDefaults(profile, stored.config));
}

/** The wheel a spin was drawn on: the one set by `wheelVersion` (0: the code default). */
export async function wheelOfVersion(db: DbOrTx, profile: VariantProfile, wheelVersion: number): Promise<readonly VipWheelSegment[]> {
  if (wheelVersion === 0) return vipWheelOf(profile);
  const [row] = await rowsOf<{ config: StoredConfig | string }>(
    db,
    sql`select config from loyalty_brand_configs where app_key = ${profile.appKey} and version = ${wheelVersion}`,
  );
  if (!row) return vipWheelOf(profile);
  const config = typeof row.config === 'string' ? (JSON.parse(row.config) as StoredConfig) : row.config;
  return config.wheel.map((segment) => ({ amountMinor: segment.amount, weight: segment.weight }));
}

/** The VIP config with the brand's ladder and reward amounts. */
export function vipConfigWith(profile: VariantProfile, settings: LoyaltySettings): VipConfig {
  return {
    ...vipConfigOf(profile),
    thresholds: settings.levelPoints,
    levelUpRewardMinor: settings.levelUpRewardMinor,
    weekFreeMinor: settings.weekFreeMinor,
    monthFreeMinor: settings.monthFreeMinor,
  };
}

const invalid = (field: string): never => {
  throw new AppError('LOYALTY_CONFIG_INVALID', { field });
};

/**
 * What the contract's shapes cannot say: increasing ladders, unique task ids, known games, a wheel that can land;
 * level 0 earns no reward and no amount or prize is above the brand's bonus maximum (decision 048).
 */
function validated(profile: VariantProfile, config: StoredConfig): StoredConfig {
  const most = bonusMaxMinor(profile.currency);
  for (const field of ['level_up_reward', 'week_free', 'month_free'] as const) {
    const amounts = config[field];
    if (amounts[0] !== 0) invalid(`${field}.0`);
    const over = amounts.findIndex((amount) => amount > most);
    if (over >= 0) invalid(`${field}.${over}`);
  }
  const raffleOver = config.raffle_prizes.findIndex((amount) => amount > most);
  if (raffleOver >= 0) invalid(`raffle_prizes.${raffleOver}`);
  for (const board of ['daily', 'weekly', 'daily_win', 'weekly_win'] as const) {
    const over = config.rank_prizes[board].findIndex((amount) => amount > most);
    if (over >= 0) invalid(`rank_prizes.${board}.${over}`);
  }
  const points = config.level_points;
  if (points.length !== VIP_LEVEL_MAX + 1 || points[0] !== 0 || points.some((value, index) => index > 0 && value <= points[index - 1]!))
    invalid('level_points');
  const ids = new Set<string>();
  config.tasks.forEach((task, index) => {
    if (ids.has(task.id) || !task.id.startsWith(`${task.period}_`)) invalid(`tasks.${index}.id`);
    ids.add(task.id);
    if (task.kind === 'play_game' && (task.game === undefined || !(task.game === 'slot' || isHouseGameId(task.game)))) invalid(`tasks.${index}.game`);
    if (task.kind !== 'play_game' && task.game !== undefined) invalid(`tasks.${index}.game`);
    if (task.kind !== 'multiple' && task.min_legs !== undefined) invalid(`tasks.${index}.min_legs`);
  });
  const wheel = config.wheel.map((segment) => ({ amountMinor: segment.amount, weight: segment.weight }));
  if (!vipWheelValid(wheel)) invalid('wheel');
  return config;
}

/**
 * `POST /api/ops/loyalty/config`: merges the given parts over the settings in force and writes them as the next
 * version, in one transaction under a per-brand advisory lock (two operators at once: one after the other, both
 * versions kept). A new wheel records this version as its own, so spins drawn on it verify against it forever.
 */
export async function opsLoyaltyConfigSet(db: Db, body: OpsLoyaltyConfig, now: Date) {
  const profile = variantFindByKey(body.app_key);
  if (!profile) invalid('app_key');
  return transaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`loyalty-config:${profile!.appKey}`}))`);
    const current = await storedOf(tx, profile!.appKey);
    const base = current === undefined ? defaultsOf(profile!) : storedWithDefaults(profile!, current.config);
    const version = (current?.version ?? 0) + 1;
    const next = validated(profile!, {
      level_points: body.level_points ?? base.level_points,
      tasks:
        body.tasks?.map((task) => ({
          id: task.id,
          period: task.period,
          kind: task.kind,
          conf: task.conf,
          reward: task.reward,
          ...(task.game === undefined ? {} : { game: task.game }),
          ...(task.min_legs === undefined ? {} : { min_legs: task.min_legs }),
        })) ?? base.tasks,
      cashback_bp: body.cashback_bp ?? base.cashback_bp,
      wheel: body.wheel ?? base.wheel,
      wheel_version: body.wheel === undefined ? base.wheel_version : version,
      level_up_reward: body.level_up_reward ?? base.level_up_reward,
      week_free: body.week_free ?? base.week_free,
      month_free: body.month_free ?? base.month_free,
      raffle_prizes: body.raffle_prizes ?? base.raffle_prizes,
      rank_prizes: body.rank_prizes ?? base.rank_prizes,
    });
    await tx.execute(sql`insert into loyalty_brand_configs (app_key, version, config, created_at)
      values (${profile!.appKey}, ${version}, ${JSON.stringify(next)}::jsonb, ${now.toISOString()}::timestamptz)`);
    return configView(profile!.appKey, version, next);
  });
}

function configView(appKey: string, version: number, config: StoredConfig) {
  return { app_key: appKey, version, ...config };
}

/** `GET /api/ops/loyalty/config?app_key=`: the settings in force and their version (0: the code defaults). */
export async function opsLoyaltyConfigGet(db: Db, appKey: string) {
  const profile = variantFindByKey(appKey);
  if (!profile) invalid('app_key');
  const stored = await storedOf(db, profile!.appKey);
  return stored === undefined
    ? configView(profile!.appKey, 0, defaultsOf(profile!))
    : configView(profile!.appKey, stored.version, storedWithDefaults(profile!, stored.config));
}
