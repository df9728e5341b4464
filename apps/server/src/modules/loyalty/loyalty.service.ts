import {
  bonusAllowedInMarket,
  brandTimeZone,
  loyaltyCampaignId,
  monthWindowOf,
  nickMasked,
  rankingBoard,
  rankingGapMinor,
  rankBoardKey,
  TASK_COUNT_KINDS,
  RANKING_FULL,
  periodWindowOf,
  taskStateOf,
  variantFindByKey,
  vipBenefitsTable,
  vipFreeRewardsWaiting,
  vipRewardsWaiting,
  vipStandingOf,
  VIP_LEVEL_MAX,
  type RankingKind,
  type TaskDefinition,
  type VariantProfile,
  type VipFreeKind,
} from '@piranha/domain';
import { AppError } from '../../app-error.ts';
import type { Db, Tx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { loyaltySettingsOf, rankPrizesOf, vipConfigWith } from './loyalty-config.service.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { bonusGrant, bonusStart } from '../bonus/bonus-ledger.service.ts';
import { bonusShownSet, campaignFind, type BonusRow } from '../bonus/bonus.repository.ts';
import { bonusView } from '../bonus/bonus.service.ts';
import type { RankBasis } from './rank-answers.ts';
import {
  freeRewardsReceived,
  pointsOf,
  rankSnapshotRead,
  rewardVersionRecord,
  taskClaimedSet,
  taskProgressForUpdate,
  taskProgressOf,
  vipLevelsReceived,
  type TaskProgressRow,
} from './loyalty.repository.ts';

/**
 * VIP club and task centre (issue 18, decision 026). Points and progress are written only by the loyalty pass; this
 * file reads them and pays rewards through the bonus engine. A reward's grant is unique per (campaign, player,
 * trigger) — `vip_level:<n>`, `task:<id>:<period>` — so of any number of concurrent taps one pays and the rest are
 * told it was received.
 */

export interface LoyaltyDeps {
  db: Db;
  now: () => Date;
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

export function profileOf(user: SessionUser, requestAppKey: string): VariantProfile {
  const profile = variantFindByKey(user.appKey ?? requestAppKey);
  if (!profile) throw new AppError('LOYALTY_REWARD_UNAVAILABLE');
  return profile;
}

/**
 * The free rewards' periods now (the brand's week and month) and their engine triggers: `week_free:w:<Monday>`,
 * `month_free:m:<year-month>` — the grant's unique (campaign, player, trigger) key makes each paid once a period.
 */
function freePeriods(profile: VariantProfile, now: Date) {
  const timeZone = brandTimeZone(profile.market);
  const week = periodWindowOf(now, timeZone, 'weekly').key;
  const month = monthWindowOf(now, timeZone).key;
  const of = (kind: VipFreeKind, period: string) => ({ kind, period, campaignId: loyaltyCampaignId(profile.appKey, kind), triggerRef: `${kind}:${period}` });
  return { week_free: of('week_free', week), month_free: of('month_free', month) };
}

/** `vip/info`: level, stage, progress, rewards waiting and the benefits table. */
export async function vipInfoGet(deps: LoyaltyDeps, user: SessionUser, requestAppKey: string) {
  const profile = profileOf(user, requestAppKey);
  const config = vipConfigWith(profile, await loyaltySettingsOf(deps.db, profile));
  const standing = vipStandingOf(await pointsOf(deps.db, user.uid), config);
  const received = await vipLevelsReceived(deps.db, user.uid, loyaltyCampaignId(profile.appKey, 'vip_level_up'));
  const periods = freePeriods(profile, deps.now());
  const freeReceived = await freeRewardsReceived(deps.db, user.uid, periods.week_free, periods.month_free);
  return {
    level: standing.level,
    stage: standing.stage,
    max_level: VIP_LEVEL_MAX,
    points: standing.points,
    level_points: standing.levelPoints,
    next_level_points: standing.nextLevelPoints ?? 0,
    progress: standing.progressPercent,
    currency: profile.currency,
    rewards: [
      ...vipRewardsWaiting(standing.level, received, config).map((level) => ({
        kind: 'vip_bonus' as const,
        level,
        amount: config.levelUpRewardMinor[level]!,
        period: '',
      })),
      ...vipFreeRewardsWaiting(standing.level, freeReceived, config).map((free) => ({
        kind: free.kind,
        level: standing.level,
        amount: free.amountMinor,
        period: periods[free.kind].period,
      })),
    ],
    stages: vipBenefitsTable(config).map((row) => ({
      stage: row.stage,
      level_from: row.levelFrom,
      level_to: row.levelTo,
      points_from: row.pointsFrom,
      level_up_rewards: row.levelUpRewardsMinor,
      week_free: row.weekFreeMinor,
      month_free: row.monthFreeMinor,
      dedicated_support: row.dedicatedSupport ? (1 as const) : (0 as const),
    })),
    support_contact: standing.stage >= config.supportStage ? profile.supportContact : '',
  };
}

/**
 * Pays a loyalty reward through the engine in the caller's transaction: bonus money with the campaign's wagering, or
 * cash when the campaign asks for nothing to wager (the engine converts it at once). Undefined when this trigger was
 * already paid. The player sees the grant in the answer, so `new_bonus` does not pop it up again.
 */
export async function rewardPay(
  tx: Tx,
  profile: VariantProfile,
  campaignId: string,
  userId: number,
  triggerRef: string,
  amountMinor: number,
  now: Date,
  configVersion?: number,
) {
  const campaign = await campaignFind(tx, campaignId);
  if (!campaign || campaign.status !== 'active' || !bonusAllowedInMarket(profile.market, campaign.terms.purpose))
    throw new AppError('LOYALTY_REWARD_UNAVAILABLE');
  const bonus = await bonusGrant(tx, { campaign, userId, triggerRef, currency: profile.currency, amountMinor, depositMinor: 0, now });
  if (!bonus) return undefined;
  // The loyalty settings version the amount came from (decision 048), beside the grant.
  if (configVersion !== undefined) await rewardVersionRecord(tx, bonus.id, profile.appKey, configVersion);
  await bonusShownSet(tx, bonus.id, now);
  const paid: BonusRow = bonus.requirementMinor === 0 ? await bonusStart(tx, userId, bonus.id, now) : bonus;
  return paid;
}

/**
 * `vip/receive`: the level-up reward of a level the player has reached, once; or this week's / month's free reward at
 * the level held now, once a period (the period is the brand's at the moment of the tap).
 */
export async function vipReceivePost(deps: LoyaltyDeps, user: SessionUser, requestAppKey: string, kind: 'vip_bonus' | VipFreeKind, level: number | undefined) {
  const profile = profileOf(user, requestAppKey);
  const settings = await loyaltySettingsOf(deps.db, profile);
  const config = vipConfigWith(profile, settings);
  const now = deps.now();
  if (kind !== 'vip_bonus') {
    const period = freePeriods(profile, now)[kind];
    const bonus = await transaction(deps.db, async (tx) => {
      const standing = vipStandingOf(await pointsOf(tx, user.uid, true), config);
      const amountMinor = (kind === 'week_free' ? config.weekFreeMinor : config.monthFreeMinor)[standing.level] ?? 0;
      if (amountMinor <= 0) throw new AppError('VIP_FREE_NOT_REACHED', { field: 'kind' });
      const paid = await rewardPay(tx, profile, period.campaignId, user.uid, period.triggerRef, amountMinor, now, settings.version);
      if (!paid) throw new AppError('VIP_FREE_RECEIVED', { field: 'kind' });
      return paid;
    });
    return bonusView(bonus);
  }
  if (level === undefined) throw new AppError('VIP_REWARD_NOT_REACHED', { field: 'level' });
  const bonus = await transaction(deps.db, async (tx) => {
    // The account row lock lines concurrent taps up; the grant's unique key is what refuses the second payment.
    const standing = vipStandingOf(await pointsOf(tx, user.uid, true), config);
    const amountMinor = config.levelUpRewardMinor[level] ?? 0;
    if (standing.level < level || amountMinor <= 0) throw new AppError('VIP_REWARD_NOT_REACHED', { field: 'level' });
    const paid = await rewardPay(
      tx,
      profile,
      loyaltyCampaignId(profile.appKey, 'vip_level_up'),
      user.uid,
      `vip_level:${level}`,
      amountMinor,
      now,
      settings.version,
    );
    if (!paid) throw new AppError('VIP_REWARD_RECEIVED', { field: 'level' });
    return paid;
  });
  return bonusView(bonus);
}

function taskView(task: TaskDefinition, row: TaskProgressRow | undefined) {
  const progressMinor = row === undefined ? 0 : Number(row.progress_minor);
  return {
    task_id: task.id,
    task_name: task.kind,
    unit: TASK_COUNT_KINDS.has(task.kind) ? ('count' as const) : ('minor' as const),
    game: task.game ?? '',
    min_legs: task.kind === 'multiple' ? (task.minLegs ?? 0) : 0,
    conf_num: task.confMinor,
    progress_num: Math.min(progressMinor, task.confMinor),
    reward: task.rewardMinor,
    status: taskStateOf(progressMinor, task.confMinor, row?.claimed_at != null),
  };
}

async function tasksNow(deps: LoyaltyDeps, user: SessionUser, requestAppKey: string) {
  const profile = profileOf(user, requestAppKey);
  const timeZone = brandTimeZone(profile.market);
  const now = deps.now();
  const daily = periodWindowOf(now, timeZone, 'daily');
  const weekly = periodWindowOf(now, timeZone, 'weekly');
  const rows = await taskProgressOf(deps.db, user.uid, [daily.key, weekly.key]);
  const of = (task: TaskDefinition, key: string) =>
    taskView(
      task,
      rows.find((row) => row.task_id === task.id && row.period_key === key),
    );
  const tasks = (await loyaltySettingsOf(deps.db, profile)).tasks;
  return {
    profile,
    timeZone,
    daily: { period_key: daily.key, end_time: seconds(daily.endsAt), list: tasks.filter((task) => task.period === 'daily').map((task) => of(task, daily.key)) },
    weekly: {
      period_key: weekly.key,
      end_time: seconds(weekly.endsAt),
      list: tasks.filter((task) => task.period === 'weekly').map((task) => of(task, weekly.key)),
    },
  };
}

/** `task/center/info`: the tasks of the brand's current day and week. */
export async function taskCenterInfoGet(deps: LoyaltyDeps, user: SessionUser, requestAppKey: string) {
  const { profile, timeZone, daily, weekly } = await tasksNow(deps, user, requestAppKey);
  return { currency: profile.currency, time_zone: timeZone, daily, weekly };
}

/** `task/hint`: tasks ready to claim, and the one to show: the first claimable, else the one nearest to done. */
export async function taskHintGet(deps: LoyaltyDeps, user: SessionUser, requestAppKey: string) {
  const { daily, weekly } = await tasksNow(deps, user, requestAppKey);
  const all = [...daily.list, ...weekly.list];
  const claimable = all.filter((task) => task.status === 1);
  const open = all.filter((task) => task.status === 0).sort((a, b) => b.progress_num / b.conf_num - a.progress_num / a.conf_num);
  return { claimable: claimable.length, task: claimable[0] ?? open[0] ?? null };
}

/** `task/receive`: pays a completed task of the current period, once. */
export async function taskReceivePost(deps: LoyaltyDeps, user: SessionUser, requestAppKey: string, taskId: string) {
  const profile = profileOf(user, requestAppKey);
  const settings = await loyaltySettingsOf(deps.db, profile);
  const task = settings.tasks.find((each) => each.id === taskId);
  if (!task) throw new AppError('TASK_NOT_FOUND', { field: 'task_id' });
  const now = deps.now();
  const periodKey = periodWindowOf(now, brandTimeZone(profile.market), task.period).key;
  const bonus = await transaction(deps.db, async (tx) => {
    const row = await taskProgressForUpdate(tx, user.uid, task.id, periodKey);
    if (row?.claimed_at != null) throw new AppError('TASK_CLAIMED', { field: 'task_id' });
    if (row === undefined || Number(row.progress_minor) < task.confMinor) throw new AppError('TASK_NOT_COMPLETE', { field: 'task_id' });
    const paid = await rewardPay(
      tx,
      profile,
      loyaltyCampaignId(profile.appKey, 'task_reward'),
      user.uid,
      `task:${task.id}:${periodKey}`,
      task.rewardMinor,
      now,
      settings.version,
    );
    if (!paid) throw new AppError('TASK_CLAIMED', { field: 'task_id' });
    await taskClaimedSet(tx, user.uid, task.id, periodKey, now);
    return paid;
  });
  return bonusView(bonus);
}

/**
 * `rank/list`: the brand's board of the current day or week, the player's own place and the gap to the one above —
 * read from the board's snapshot of places (decision 048: index lookups, however many players), which the loyalty
 * pass recounts after moving scores; `refreshed_time` says when, so the page can say how fresh the places are.
 * `onBasis` hears what the answer was built from, for the nodes' cache of answers (decision 055).
 */
export async function rankListGet(
  deps: LoyaltyDeps,
  user: SessionUser,
  requestAppKey: string,
  period: 'daily' | 'weekly',
  kind: RankingKind = 'turnover',
  onBasis?: (basis: RankBasis) => void,
) {
  const profile = profileOf(user, requestAppKey);
  const window = periodWindowOf(deps.now(), brandTimeZone(profile.market), period);
  const boardKey = rankBoardKey(kind, window.key);
  const snapshot = await rankSnapshotRead(deps.db, profile.appKey, boardKey, user.uid, RANKING_FULL);
  // What the answer is built from (decision 055): the same count, settings and period answer the same bytes.
  onBasis?.({
    uid: user.uid,
    appKey: profile.appKey,
    boardKey,
    refreshedAtMs: snapshot?.refreshedAt?.getTime() ?? 0,
    validUntilMs: window.endsAt.getTime(),
  });
  const own = snapshot?.own;
  const entries = (snapshot?.top ?? []).map((row) => ({
    rank: row.place,
    nick: nickMasked(row.nick ?? String(row.user_id)),
    score: Number(row.score_minor),
    is_self: Number(row.user_id) === user.uid ? (1 as const) : (0 as const),
  }));
  const { podium, rest } = rankingBoard(entries);
  const ownScore = own === undefined ? 0 : Number(own.score_minor);
  const aboveMinor = own?.above_minor == null ? undefined : Number(own.above_minor);
  return {
    kind,
    period_key: window.key,
    end_time: seconds(window.endsAt),
    refreshed_time: snapshot?.refreshedAt === undefined ? 0 : seconds(snapshot.refreshedAt),
    players: snapshot?.players ?? 0,
    currency: profile.currency,
    full: RANKING_FULL,
    prizes: rankPrizesOf(await loyaltySettingsOf(deps.db, profile), period, kind),
    top: podium,
    list: rest,
    own:
      own === undefined
        ? { rank: 0, score: 0, gap: 0 }
        : {
            rank: own.place,
            score: ownScore,
            // Turnover adds up: the difference passes; a biggest win does not: one win above theirs is needed.
            gap: kind === 'turnover' ? rankingGapMinor(ownScore, aboveMinor) : aboveMinor === undefined ? 0 : aboveMinor + 1,
          },
  };
}

/** A prize won at a place of a closed board or a drawn raffle, waiting to be paid. */
export interface PlacePrize {
  app_key: string;
  period_key: string;
  place: number;
  user_id: string;
  amount_minor: string;
  /** The settings version whose prizes the close or draw froze (decision 048). */
  config_version: number;
}

/**
 * Pays prizes won at a place, each in its own transaction, exactly once: `lockDue` locks the prize row and answers
 * whether it is still unpaid, `paidSet` marks it in the same transaction as the payment. A paused campaign
 * (LOYALTY_REWARD_UNAVAILABLE) leaves the prize due for a later run. Rankings and raffles pay through this.
 */
export async function placePrizesPay(
  db: Db,
  now: Date,
  due: readonly PlacePrize[],
  spec: {
    campaign: Parameters<typeof loyaltyCampaignId>[1];
    refPrefix: string;
    lockDue: (tx: Tx, prize: PlacePrize) => Promise<boolean>;
    paidSet: (tx: Tx, prize: PlacePrize) => Promise<void>;
  },
): Promise<number> {
  let paid = 0;
  for (const prize of due) {
    const profile = variantFindByKey(prize.app_key);
    if (!profile) continue;
    try {
      const done = await transaction(db, async (tx) => {
        if (!(await spec.lockDue(tx, prize))) return false;
        const triggerRef = `${spec.refPrefix}:${prize.period_key}:${prize.place}`;
        await rewardPay(
          tx,
          profile,
          loyaltyCampaignId(prize.app_key, spec.campaign),
          Number(prize.user_id),
          triggerRef,
          Number(prize.amount_minor),
          now,
          prize.config_version,
        );
        await spec.paidSet(tx, prize);
        return true;
      });
      if (done) paid += 1;
    } catch (error) {
      if (error instanceof AppError && error.errorName === 'LOYALTY_REWARD_UNAVAILABLE') continue;
      throw error;
    }
  }
  return paid;
}
