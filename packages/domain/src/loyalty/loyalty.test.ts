import { describe, expect, it } from 'vitest';
import { VARIANT_PROFILES } from '../variants/profiles.ts';
import { variantFindByKey } from '../variants/variant-find.ts';
import { fairFloats } from '../casino/fair.ts';
import { raffleClientSeed, raffleDraw, rafflePrizesMinor, raffleTicketsOf, raffleVerify, RAFFLE_PLACES } from './raffle.ts';
import { vipWheelArcs, vipWheelOf, vipWheelPick, vipWheelSpin, vipWheelValid, vipWheelVerify } from './vip-wheel.ts';
import { cashbackAmountMinor, cashbackNetLossMinor, cashbackRateBp, cashbackRatesOf } from './cashback.ts';
import { brandTimeZone, monthWindowOf, periodWindowOf, periodWindowsBefore } from './brand-time.ts';
import {
  nickMasked,
  rankBoardKey,
  rankBoardKeyParse,
  rankingBoard,
  rankingGapMinor,
  rankingPrizesMinor,
  rankingSorted,
  RANK_SNAPSHOT_COUNT_SPACING,
  rankSnapshotDue,
  RANKING_FULL,
  RANK_SNAPSHOT_WAIT_MAX_MS,
} from './ranking.ts';
import { taskProgressDelta, tasksOf, taskStateOf, type TaskFact, type TaskKind } from './tasks.ts';
import {
  vipBenefitsTable,
  vipConfigOf,
  vipFreeRewardsWaiting,
  vipLevelOf,
  vipPointsMinorOf,
  vipRewardsWaiting,
  vipStageLevels,
  vipStageOfLevel,
  vipStandingOf,
  vipThresholdsValid,
  VIP_LEVEL_MAX,
} from './vip.ts';

describe('VIP stages (spec §9: 1–6 over 0–5, 6–10, 11–15, 16–20, 21–25, 26–30)', () => {
  it.each([
    [0, 1],
    [5, 1],
    [6, 2],
    [10, 2],
    [11, 3],
    [15, 3],
    [16, 4],
    [20, 4],
    [21, 5],
    [25, 5],
    [26, 6],
    [30, 6],
  ])('level %i is stage %i', (level, stage) => {
    expect(vipStageOfLevel(level)).toBe(stage);
  });

  it('covers every level exactly once, stage by stage', () => {
    const covered = [1, 2, 3, 4, 5, 6].flatMap((stage) => {
      const { from, to } = vipStageLevels(stage);
      return Array.from({ length: to - from + 1 }, (_unused, index) => from + index);
    });
    expect(covered).toEqual(Array.from({ length: VIP_LEVEL_MAX + 1 }, (_unused, level) => level));
  });

  it.each([-1, 31, 1.5])('refuses level %s', (level) => {
    expect(() => vipStageOfLevel(level)).toThrow(RangeError);
  });
});

describe('VIP configuration per brand', () => {
  it('has a valid ladder and a reward for every level above 0', () => {
    for (const [currency, market] of [
      ['BRL', 'BR'],
      ['MXN', 'MX'],
      ['VND', 'VN'],
      ['USDT', 'CRYPTO'],
    ] as const) {
      const config = vipConfigOf({ currency, market });
      expect(vipThresholdsValid(config.thresholds)).toBe(true);
      expect(config.levelUpRewardMinor[0]).toBe(0);
      expect(config.levelUpRewardMinor.slice(1).every((reward) => reward > 0)).toBe(true);
    }
  });

  it('gives the dedicated support contact from the stage the brand sets', () => {
    const piranha = variantFindByKey('piranha')!;
    const satoshi = variantFindByKey('satoshi')!;
    expect(piranha.vipSupportStage).toBe(4);
    expect(satoshi.vipSupportStage).toBe(3);
    expect(VARIANT_PROFILES.every((profile) => profile.vipSupportStage >= 1 && profile.vipSupportStage <= 6)).toBe(true);
    expect(vipBenefitsTable(vipConfigOf(piranha)).map((row) => row.dedicatedSupport)).toEqual([false, false, false, true, true, true]);
    expect(vipBenefitsTable(vipConfigOf(satoshi)).map((row) => row.dedicatedSupport)).toEqual([false, false, true, true, true, true]);
  });

  it('scales points and rewards by the currency step (R$1, MX$8.33)', () => {
    expect(vipConfigOf({ currency: 'BRL', market: 'BR' }).minorPerPoint).toBe(100);
    expect(vipConfigOf({ currency: 'MXN', market: 'MX' }).minorPerPoint).toBe(833);
    expect(vipConfigOf({ currency: 'BRL', market: 'BR' }).levelUpRewardMinor[1]).toBe(500);
  });

  it.each([
    ['too short', [0, 1, 2]],
    ['not from 0', Array.from({ length: 31 }, (_unused, index) => index + 1)],
    ['not increasing', Array.from({ length: 31 }, (_unused, index) => (index === 5 ? 3 : index))],
  ])('refuses a ladder %s', (_name, thresholds) => {
    expect(vipThresholdsValid(thresholds)).toBe(false);
  });
});

describe('VIP points and levels', () => {
  const weights = { sportsBp: 10_000, casinoBp: 10_000, depositBp: 5_000 };
  it.each<[string, 'sports' | 'casino' | 'deposit', number, number]>([
    ['a R$10 settled bet counts in full', 'sports', 1_000, 1_000],
    ['a R$10 casino round counts in full', 'casino', 1_000, 1_000],
    ['a R$10 deposit counts half', 'deposit', 1_000, 500],
    ['an odd deposit rounds down', 'deposit', 1_001, 500],
    ['nothing from zero', 'sports', 0, 0],
    ['nothing from a negative amount', 'deposit', -5, 0],
    ['exact beyond 2^53 / 10000', 'deposit', 9_000_000_000_000_001, 4_500_000_000_000_000],
  ])('%s', (_name, source, amount, expected) => {
    expect(vipPointsMinorOf(source, amount, weights)).toBe(expected);
  });

  const thresholds = vipConfigOf({ currency: 'BRL', market: 'BR' }).thresholds;
  it.each([
    [0, 0],
    [9, 0],
    [10, 1],
    [49, 1],
    [50, 2],
    [499_999, 29],
    [500_000, 30],
    [10_000_000, 30],
  ])('%i points is level %i', (points, level) => {
    expect(vipLevelOf(points, thresholds)).toBe(level);
  });

  it('answers the standing and progress to the next level', () => {
    const config = vipConfigOf({ currency: 'BRL', market: 'BR' });
    expect(vipStandingOf(3_000, config)).toEqual({ level: 1, stage: 1, points: 30, levelPoints: 10, nextLevelPoints: 50, progressPercent: 50 });
    expect(vipStandingOf(999, config)).toMatchObject({ level: 0, points: 9, progressPercent: 90 });
    expect(vipStandingOf(500_000 * 100, config)).toMatchObject({ level: 30, stage: 6, nextLevelPoints: null, progressPercent: 100 });
  });

  it('lists the level-up rewards still to receive', () => {
    const config = vipConfigOf({ currency: 'BRL', market: 'BR' });
    expect(vipRewardsWaiting(0, new Set(), config)).toEqual([]);
    expect(vipRewardsWaiting(3, new Set([2]), config)).toEqual([1, 3]);
  });

  it('builds the benefits table from the configuration', () => {
    const table = vipBenefitsTable(vipConfigOf({ currency: 'BRL', market: 'BR' }));
    expect(table).toHaveLength(6);
    expect(table[0]).toEqual({
      stage: 1,
      levelFrom: 0,
      levelTo: 5,
      pointsFrom: 0,
      levelUpRewardsMinor: 8_000,
      weekFreeMinor: 200,
      monthFreeMinor: 1_000,
      dedicatedSupport: false,
    });
    expect(table[3]).toMatchObject({ stage: 4, levelFrom: 16, pointsFrom: 15_000, dedicatedSupport: true });
  });
});

describe('brand periods (midnight in the brand time zone, weeks from Monday)', () => {
  it.each<[string, string, 'daily' | 'weekly', string, string, string]>([
    ['São Paulo day, late evening local', '2026-11-28T02:30:00Z', 'daily', 'd:2026-11-27', '2026-11-27T03:00:00.000Z', '2026-11-28T03:00:00.000Z'],
    ['São Paulo day, just after midnight', '2026-11-28T03:00:00Z', 'daily', 'd:2026-11-28', '2026-11-28T03:00:00.000Z', '2026-11-29T03:00:00.000Z'],
    ['Kolkata half-hour offset', '2026-11-27T18:29:59Z', 'daily', 'd:2026-11-27', '2026-11-26T18:30:00.000Z', '2026-11-27T18:30:00.000Z'],
    ['Manila week from Monday', '2026-11-28T10:00:00Z', 'weekly', 'w:2026-11-23', '2026-11-22T16:00:00.000Z', '2026-11-29T16:00:00.000Z'],
    ['New York across the DST end', '2026-11-01T12:00:00Z', 'weekly', 'w:2026-10-26', '2026-10-26T04:00:00.000Z', '2026-11-02T05:00:00.000Z'],
    ['UTC Sunday belongs to the week before', '2026-11-29T23:59:59Z', 'weekly', 'w:2026-11-23', '2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z'],
  ])('%s', (_name, at, period, key, startsAt, endsAt) => {
    const zone: Record<string, string> = {
      São: brandTimeZone('BR'),
      Kolkata: brandTimeZone('IN'),
      Manila: brandTimeZone('PH'),
      New: brandTimeZone('USD'),
      UTC: 'UTC',
    };
    const timeZone = Object.entries(zone).find(([prefix]) => _name.startsWith(prefix))![1];
    const window = periodWindowOf(new Date(at), timeZone, period);
    expect(window).toEqual({ key, startsAt: new Date(startsAt), endsAt: new Date(endsAt) });
  });
});

describe('brand months (weekly and monthly free VIP rewards)', () => {
  it.each([
    [
      'São Paulo, the last evening of November local',
      '2026-12-01T02:59:59Z',
      'America/Sao_Paulo',
      'm:2026-11',
      '2026-11-01T03:00:00.000Z',
      '2026-12-01T03:00:00.000Z',
    ],
    [
      'São Paulo, the first second of December',
      '2026-12-01T03:00:00Z',
      'America/Sao_Paulo',
      'm:2026-12',
      '2026-12-01T03:00:00.000Z',
      '2027-01-01T03:00:00.000Z',
    ],
    ['Kolkata, December into January', '2026-12-31T18:30:00Z', 'Asia/Kolkata', 'm:2027-01', '2026-12-31T18:30:00.000Z', '2027-01-31T18:30:00.000Z'],
    ['New York, the month of the DST end', '2026-11-15T12:00:00Z', 'America/New_York', 'm:2026-11', '2026-11-01T04:00:00.000Z', '2026-12-01T05:00:00.000Z'],
  ])('%s', (_name, at, timeZone, key, startsAt, endsAt) => {
    expect(monthWindowOf(new Date(at), timeZone)).toEqual({ key, startsAt: new Date(startsAt), endsAt: new Date(endsAt) });
  });
});

describe('weekly and monthly free VIP rewards', () => {
  const config = vipConfigOf({ currency: 'BRL', market: 'BR' });

  it('pays by stage from VIP 1, never at level 0, never above the bonus maximum', () => {
    expect(config.weekFreeMinor[0]).toBe(0);
    expect(config.monthFreeMinor[0]).toBe(0);
    expect([1, 5, 6, 11, 16, 21, 26, 30].map((level) => config.weekFreeMinor[level])).toEqual([200, 200, 500, 1_000, 2_000, 4_000, 8_000, 8_000]);
    expect([1, 6, 26].map((level) => config.monthFreeMinor[level])).toEqual([1_000, 2_500, 40_000]);
    expect(config.monthFreeMinor.every((amount) => amount <= 60_000)).toBe(true);
  });

  it('waits once per period: both at VIP 1, none at 0, only the kind not yet received', () => {
    expect(vipFreeRewardsWaiting(0, new Set(), config)).toEqual([]);
    expect(vipFreeRewardsWaiting(1, new Set(), config)).toEqual([
      { kind: 'week_free', amountMinor: 200 },
      { kind: 'month_free', amountMinor: 1_000 },
    ]);
    expect(vipFreeRewardsWaiting(7, new Set(['week_free'] as const), config)).toEqual([{ kind: 'month_free', amountMinor: 2_500 }]);
    expect(vipFreeRewardsWaiting(7, new Set(['week_free', 'month_free'] as const), config)).toEqual([]);
  });

  it('shows them in the benefits table by stage', () => {
    const table = vipBenefitsTable(config);
    expect(table.map((row) => row.weekFreeMinor)).toEqual([200, 500, 1_000, 2_000, 4_000, 8_000]);
    expect(table.map((row) => row.monthFreeMinor)).toEqual([1_000, 2_500, 5_000, 10_000, 20_000, 40_000]);
  });
});

describe('ranking kinds', () => {
  it('keys a biggest-win board apart from the turnover board of the same period, and parses it back', () => {
    expect(rankBoardKey('turnover', 'd:2026-03-02')).toBe('d:2026-03-02');
    expect(rankBoardKey('win', 'w:2026-03-02')).toBe('win:w:2026-03-02');
    expect(rankBoardKeyParse('win:d:2026-03-02')).toEqual({ kind: 'win', periodKey: 'd:2026-03-02' });
    expect(rankBoardKeyParse('d:2026-03-02')).toEqual({ kind: 'turnover', periodKey: 'd:2026-03-02' });
  });

  it('pays a biggest-win board half the turnover board, never above the bonus maximum', () => {
    const turnover = rankingPrizesMinor({ currency: 'BRL' }, 'daily', 'turnover');
    const win = rankingPrizesMinor({ currency: 'BRL' }, 'daily', 'win');
    expect(win).toEqual(turnover.map((amount) => Math.floor(amount / 2)));
    expect(rankingPrizesMinor({ currency: 'BRL' }, 'daily')).toEqual(turnover);
  });
});

describe('ranking snapshots (decision 048)', () => {
  it('counts a board first at once, a small one at every pass, a large one after a wait by its size, never more than the cap', () => {
    expect(rankSnapshotDue(100_000, undefined, 0)).toBe(true);
    expect(rankSnapshotDue(1_000, 5_000, 5_000)).toBe(true);
    expect(rankSnapshotDue(100_000, 0, 19_999)).toBe(false);
    expect(rankSnapshotDue(100_000, 0, 20_000)).toBe(true);
    expect(rankSnapshotDue(10_000_000, 0, RANK_SNAPSHOT_WAIT_MAX_MS - 1)).toBe(false);
    expect(rankSnapshotDue(10_000_000, 0, RANK_SNAPSHOT_WAIT_MAX_MS)).toBe(true);
  });

  it('spaces a large board’s counts by the last count’s duration (decision 055), a small one never', () => {
    // A 100,000-player count that took 31 s waits 9 × 31 s = 279 s, past the players' 20 s and the 30 s cap.
    expect(rankSnapshotDue(100_000, 0, 278_999, 31_000)).toBe(false);
    expect(rankSnapshotDue(100_000, 0, 279_000, 31_000)).toBe(true);
    expect(RANK_SNAPSHOT_COUNT_SPACING).toBe(9);
    // A quick count (PostgreSQL): the players' wait decides, as before.
    expect(rankSnapshotDue(100_000, 0, 19_999, 800)).toBe(false);
    expect(rankSnapshotDue(100_000, 0, 20_000, 800)).toBe(true);
    // The first count and a small board are not held back.
    expect(rankSnapshotDue(100_000, undefined, 0, 31_000)).toBe(true);
    expect(rankSnapshotDue(1_000, 5_000, 5_000, 200)).toBe(true);
  });
});

describe('tasks', () => {
  it('every brand task has a positive target and reward', () => {
    const tasks = tasksOf({ currency: 'BRL' });
    expect(tasks.map((task) => task.id)).toEqual([
      'daily_bet_amount',
      'daily_recharge',
      'daily_bet_win',
      'daily_play_game',
      'daily_multiple',
      'weekly_bet_amount',
      'weekly_recharge',
      'weekly_bet_win',
      'weekly_multiple',
    ]);
    expect(tasks.every((task) => task.confMinor > 0 && task.rewardMinor > 0)).toBe(true);
    // Count kinds (decision 045) have their target in rounds or bets, not in minor units.
    expect(tasks.find((task) => task.id === 'daily_play_game')).toMatchObject({ confMinor: 5, game: 'dice' });
    expect(tasks.find((task) => task.id === 'weekly_multiple')).toMatchObject({ confMinor: 3, minLegs: 3 });
  });

  it.each<[Parameters<typeof taskProgressDelta>[0], TaskFact, number]>([
    [{ kind: 'play_game', game: 'dice' }, { source: 'round', stakeMinor: 100, returnMinor: 0, gameId: 'dice' }, 1],
    [{ kind: 'play_game', game: 'dice' }, { source: 'round', stakeMinor: 100, returnMinor: 0, gameId: 'limbo' }, 0],
    [{ kind: 'play_game', game: 'slot' }, { source: 'round', stakeMinor: 100, returnMinor: 500, gameId: 'neon-koi' }, 1],
    [{ kind: 'play_game', game: 'slot' }, { source: 'round', stakeMinor: 100, returnMinor: 0, gameId: 'crash' }, 0],
    [{ kind: 'play_game', game: 'dice' }, { source: 'round', stakeMinor: 0, returnMinor: 0, gameId: 'dice' }, 0],
    [{ kind: 'play_game', game: 'dice' }, { source: 'bet', stakeMinor: 100, returnMinor: 0 }, 0],
    [{ kind: 'multiple', minLegs: 3 }, { source: 'bet', stakeMinor: 100, returnMinor: 0, multipleLegs: 3 }, 1],
    [{ kind: 'multiple', minLegs: 3 }, { source: 'bet', stakeMinor: 100, returnMinor: 0, multipleLegs: 2 }, 0],
    [{ kind: 'multiple', minLegs: 3 }, { source: 'bet', stakeMinor: 0, returnMinor: 0, multipleLegs: 5 }, 0],
    [{ kind: 'multiple', minLegs: 3 }, { source: 'bet', stakeMinor: 100, returnMinor: 0 }, 0],
    [{ kind: 'multiple', minLegs: 3 }, { source: 'round', stakeMinor: 100, returnMinor: 0, gameId: 'dice' }, 0],
  ])('count task %o moves by one settled fact: %o → %i', (task, fact, delta) => {
    expect(taskProgressDelta(task, fact)).toBe(delta);
  });

  const deposit: TaskFact = { source: 'deposit', amountMinor: 2_000 };
  const won: TaskFact = { source: 'bet', stakeMinor: 500, returnMinor: 925 };
  const lost: TaskFact = { source: 'round', stakeMinor: 300, returnMinor: 0 };
  it.each<[TaskKind, TaskFact, number]>([
    ['recharge', deposit, 2_000],
    ['recharge', won, 0],
    ['bet_amount', won, 500],
    ['bet_amount', lost, 300],
    ['bet_amount', deposit, 0],
    ['bet_win', won, 425],
    ['bet_win', lost, 0],
  ])('%s moves by a fact: %o → %i', (kind, fact, delta) => {
    expect(taskProgressDelta(kind, fact)).toBe(delta);
  });

  it.each([
    [0, 1_000, false, 0],
    [999, 1_000, false, 0],
    [1_000, 1_000, false, 1],
    [5_000, 1_000, false, 1],
    [5_000, 1_000, true, 2],
  ] as const)('progress %i of %i, claimed %s → state %i', (progress, conf, claimed, state) => {
    expect(taskStateOf(progress, conf, claimed)).toBe(state);
  });
});

describe('rankings', () => {
  const row = (userId: number, scoreMinor: number, reachedAtMs: number) => ({ userId, scoreMinor, reachedAtMs });

  it('orders by score, then who got there first, then id', () => {
    const sorted = rankingSorted([row(1, 500, 30), row(2, 900, 50), row(3, 500, 10), row(4, 500, 10)]);
    expect(sorted.map((entry) => entry.userId)).toEqual([2, 3, 4, 1]);
  });

  it('is a total order that agrees with a brute-force count of who is ahead', () => {
    let seed = 7;
    const random = (max: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % max;
    };
    const rows = Array.from({ length: 200 }, (_unused, index) => row(index + 1, random(20) * 100, random(5)));
    const sorted = rankingSorted(rows);
    for (const [index, entry] of sorted.entries()) {
      const ahead = rows.filter(
        (other) =>
          other.scoreMinor > entry.scoreMinor ||
          (other.scoreMinor === entry.scoreMinor &&
            (other.reachedAtMs < entry.reachedAtMs || (other.reachedAtMs === entry.reachedAtMs && other.userId < entry.userId))),
      ).length;
      expect(ahead).toBe(index);
    }
  });

  it('shows the top three apart and is full at 50', () => {
    const sorted = Array.from({ length: 80 }, (_unused, index) => index);
    const board = rankingBoard(sorted);
    expect(board.podium).toEqual([0, 1, 2]);
    expect(board.rest).toHaveLength(RANKING_FULL - 3);
    expect(rankingBoard([0, 1])).toEqual({ podium: [0, 1], rest: [] });
  });

  it.each([
    [500, 900, 401],
    [900, undefined, 0],
    [500, 500, 1],
  ])('gap from %i to %s is %i', (own, above, gap) => {
    expect(rankingGapMinor(own, above)).toBe(gap);
  });

  it.each([
    ['GoalGetter', 'Go***r'],
    ['Ana', 'A***'],
    ['  ', '***'],
    ['李小龙大侠', '李小***侠'],
  ])('masks %s as %s', (nick, masked) => {
    expect(nickMasked(nick)).toBe(masked);
  });
});

describe('cash-back', () => {
  it.each([
    [{ stakeMinor: 10_000, returnMinor: 4_000, bonusUsedMinor: 0 }, 6_000],
    [{ stakeMinor: 10_000, returnMinor: 4_000, bonusUsedMinor: 1_500 }, 4_500],
    [{ stakeMinor: 10_000, returnMinor: 12_000, bonusUsedMinor: 0 }, 0],
    [{ stakeMinor: 1_000, returnMinor: 0, bonusUsedMinor: 5_000 }, 0],
  ])('net loss of %o is %i', (totals, expected) => {
    expect(cashbackNetLossMinor(totals)).toBe(expected);
  });

  it.each([
    [6_000, 50, 30],
    [6_001, 50, 30],
    [199, 50, 0],
    [0, 300, 0],
    [1_000, 0, 0],
    [9_007_199_254_740, 9_999, 9_006_298_534_814],
  ])('%i at %i bp pays %i, rounded down', (loss, bp, expected) => {
    expect(cashbackAmountMinor(loss, bp)).toBe(expected);
  });

  it('rates by level: none at 0, rising with the level, weekly above daily, crypto brands at half', () => {
    const rates = cashbackRatesOf({ appKey: 'piranha', market: 'BR' });
    expect(rates.daily).toHaveLength(31);
    expect(cashbackRateBp(rates, 'daily', 0)).toBe(0);
    expect(cashbackRateBp(rates, 'daily', 1)).toBe(50);
    expect(cashbackRateBp(rates, 'weekly', 30)).toBe(680);
    expect(cashbackRateBp(rates, 'daily', 99)).toBe(cashbackRateBp(rates, 'daily', 30));
    for (let level = 1; level <= 30; level += 1) {
      expect(cashbackRateBp(rates, 'daily', level)).toBeGreaterThan(cashbackRateBp(rates, 'daily', level - 1));
      expect(cashbackRateBp(rates, 'weekly', level)).toBeGreaterThan(cashbackRateBp(rates, 'daily', level));
    }
    expect(cashbackRateBp(cashbackRatesOf({ appKey: 'x', market: 'CRYPTO' }), 'daily', 1)).toBe(25);
  });
});

describe('VIP wheel', () => {
  // The casino's published vector (integrations.md §7.2): nonce 1's first float is 0.21349182561971247.
  const SERVER_SEED = 'fa5a9a8e2ac0b8b4b5cd6b4fb4c9a4f0e2e1b7dba0a3d2c1f5e6a7b8c9d0e1f2';
  const SEED_HASH = '18d694eec56ae3b4b87d366f9245fb3ff2d3b1ad420952115d4ee7a59858b60a';
  const CLIENT_SEED = 'client-seed-123';
  const wheel = vipWheelOf({ currency: 'BRL', market: 'BR' });

  it('is a valid wheel on every brand, prizes in the brand currency', () => {
    expect(vipWheelValid(wheel)).toBe(true);
    expect(wheel.map((segment) => segment.amountMinor)).toEqual([0, 100, 200, 500, 1_000, 2_500, 5_000, 20_000]);
    expect(vipWheelValid([{ amountMinor: 1, weight: 1 }])).toBe(false);
    expect(
      vipWheelValid([
        { amountMinor: 1, weight: 0 },
        { amountMinor: 2, weight: 0 },
      ]),
    ).toBe(false);
    expect(
      vipWheelValid([
        { amountMinor: 1, weight: 1.5 },
        { amountMinor: 2, weight: 1 },
      ]),
    ).toBe(false);
  });

  it.each([
    [0, 0],
    [0.2999, 0],
    [0.3, 1],
    [0.5999999, 1],
    [0.6, 2],
    [0.9499, 4],
    [0.9801, 5],
    [0.9951, 6],
    [0.99951, 7],
    [0.99999999, 7],
  ])('a float of %f lands on segment %i (weights 3000/3000/2000/1200/600/150/45/5)', (float, segment) => {
    expect(vipWheelPick(float, wheel)).toBe(segment);
  });

  it('never lands on a zero weight, and lands on each segment as often as its weight says over a fine grid', () => {
    const segments = [
      { amountMinor: 0, weight: 1 },
      { amountMinor: 5, weight: 0 },
      { amountMinor: 9, weight: 3 },
    ];
    const counts = [0, 0, 0];
    for (let step = 0; step < 4_000; step += 1) counts[vipWheelPick(step / 4_000, segments)]! += 1;
    expect(counts).toEqual([1_000, 0, 3_000]);
  });

  it('spins from the casino vector and verifies; a wrong seed, hash or segment does not', () => {
    const spin = vipWheelSpin(SERVER_SEED, CLIENT_SEED, 1, wheel);
    expect(spin).toEqual({ float: 0.21349182561971247, segment: 0 });
    const revealed = { serverSeed: SERVER_SEED, serverSeedHash: SEED_HASH, clientSeed: CLIENT_SEED, nonce: 1, segment: 0 };
    expect(vipWheelVerify(revealed, wheel)).toBe(true);
    expect(vipWheelVerify({ ...revealed, serverSeedHash: SEED_HASH.toUpperCase() }, wheel)).toBe(true);
    expect(vipWheelVerify({ ...revealed, segment: 1 }, wheel)).toBe(false);
    expect(vipWheelVerify({ ...revealed, serverSeed: `${SERVER_SEED}0` }, wheel)).toBe(false);
    expect(vipWheelVerify({ ...revealed, nonce: 2 }, wheel)).toBe(vipWheelSpin(SERVER_SEED, CLIENT_SEED, 2, wheel).segment === 0);
  });

  it('draws each slice as large as its chance: the arc a float falls in is the segment it picks', () => {
    const arcs = vipWheelArcs(wheel);
    expect(arcs.map((arc) => arc.chance)).toEqual([0.3, 0.3, 0.2, 0.12, 0.06, 0.015, 0.0045, 0.0005]);
    expect(arcs[0]!.from).toBe(0);
    expect(arcs.at(-1)!.to).toBe(1);
    arcs.slice(1).forEach((arc, index) => expect(arc.from).toBe(arcs[index]!.to));
    for (let step = 0; step < 20_000; step += 1) {
      const float = step / 20_000;
      const inArc = arcs.findIndex((arc) => float >= arc.from && float < arc.to);
      expect(inArc).toBe(vipWheelPick(float, wheel));
    }
    const spin = vipWheelSpin(SERVER_SEED, CLIENT_SEED, 1, wheel);
    expect(spin.float).toBeGreaterThanOrEqual(arcs[spin.segment]!.from);
    expect(spin.float).toBeLessThan(arcs[spin.segment]!.to);
    expect(vipWheelArcs([{ amountMinor: 1, weight: 0 }]).every((arc) => arc.chance === 0)).toBe(true);
  });
});

describe('raffles', () => {
  // The casino's published seed (integrations.md §7.2) and its SHA-256.
  const SERVER_SEED = 'fa5a9a8e2ac0b8b4b5cd6b4fb4c9a4f0e2e1b7dba0a3d2c1f5e6a7b8c9d0e1f2';
  const SEED_HASH = '18d694eec56ae3b4b87d366f9245fb3ff2d3b1ad420952115d4ee7a59858b60a';
  const TICKETS = [5, 0, 12, 3, 40, 1];

  it.each([
    ['raffle:piranha:w:2026-03-02', TICKETS, [4, 5, 2]],
    ['raffle:piranha:w:2026-03-09', TICKETS, [4, 2, 3]],
    ['raffle:piranha:w:2026-03-02', [0, 7], [1]],
    ['raffle:piranha:w:2026-03-02', [0, 0], []],
  ])('vector: client seed %s, tickets %j → winners at %j', (clientSeed, tickets, winners) => {
    expect(raffleDraw(SERVER_SEED, clientSeed, tickets, RAFFLE_PLACES)).toEqual(winners);
    expect(raffleVerify({ serverSeed: SERVER_SEED, serverSeedHash: SEED_HASH, clientSeed, tickets, winners })).toBe(true);
  });

  it('agrees with drawing from the expanded ticket list, without replacement, on random entries', () => {
    let state = 7;
    const random = () => (state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (let round = 0; round < 200; round += 1) {
      const tickets = Array.from({ length: 1 + Math.floor(random() * 12) }, () => (random() < 0.25 ? 0 : 1 + Math.floor(random() * 30)));
      const clientSeed = `raffle:test:${round}`;
      const floats = fairFloats(SERVER_SEED, clientSeed, 0, RAFFLE_PLACES);
      const expected: number[] = [];
      for (const float of floats) {
        // Every ticket of every player not yet drawn, in order; the float picks one.
        const pool = tickets.flatMap((count, position) => (expected.includes(position) ? [] : Array.from({ length: count }, () => position)));
        if (pool.length === 0) break;
        expected.push(pool[Math.floor(float * pool.length)]!);
      }
      expect(raffleDraw(SERVER_SEED, clientSeed, tickets, RAFFLE_PLACES)).toEqual(expected);
    }
  });

  it('refuses a wrong seed, another order of winners, or changed entries', () => {
    const draw = { serverSeed: SERVER_SEED, serverSeedHash: SEED_HASH, clientSeed: 'raffle:piranha:w:2026-03-02', tickets: TICKETS, winners: [4, 5, 2] };
    expect(raffleVerify({ ...draw, serverSeed: `${SERVER_SEED}0` })).toBe(false);
    expect(raffleVerify({ ...draw, winners: [5, 4, 2] })).toBe(false);
    expect(raffleVerify({ ...draw, tickets: [5, 0, 12, 3, 1, 40] })).toBe(false);
  });

  it('gives a ticket per 10 whole points, and prizes in currency steps', () => {
    expect(raffleTicketsOf(999 * 100, 100)).toBe(99);
    expect(raffleTicketsOf(1_000 * 100 - 1, 100)).toBe(99);
    expect(raffleTicketsOf(0, 100)).toBe(0);
    expect(raffleTicketsOf(-5, 100)).toBe(0);
    expect(rafflePrizesMinor({ currency: 'BRL', market: 'BR' })).toEqual([10_000, 5_000, 2_500]);
    expect(raffleClientSeed('piranha', 'w:2026-03-02')).toBe('raffle:piranha:w:2026-03-02');
  });
});

describe('the periods a close pass settles (periodWindowsBefore)', () => {
  it("names the two days and two weeks before the ones containing the instant, in the zone's own calendar", () => {
    // Wednesday 25 November 2026, 01:30 UTC: still Tuesday the 24th in São Paulo (UTC−3).
    const windows = periodWindowsBefore(new Date('2026-11-25T01:30:00Z'), 'America/Sao_Paulo', 2);
    expect(windows.map(({ period, window }) => [period, window.key, window.startsAt.toISOString(), window.endsAt.toISOString()])).toEqual([
      ['daily', 'd:2026-11-23', '2026-11-23T03:00:00.000Z', '2026-11-24T03:00:00.000Z'],
      ['daily', 'd:2026-11-22', '2026-11-22T03:00:00.000Z', '2026-11-23T03:00:00.000Z'],
      ['weekly', 'w:2026-11-16', '2026-11-16T03:00:00.000Z', '2026-11-23T03:00:00.000Z'],
      ['weekly', 'w:2026-11-09', '2026-11-09T03:00:00.000Z', '2026-11-16T03:00:00.000Z'],
    ]);
  });

  it('steps back from each window to the one before it, as periodWindowOf names them', () => {
    const at = new Date('2026-03-29T12:00:00Z');
    for (const timeZone of ['Asia/Kolkata', 'Africa/Nairobi', 'Europe/Moscow', 'America/Mexico_City']) {
      const windows = periodWindowsBefore(at, timeZone, 3);
      expect(windows).toHaveLength(6);
      for (const period of ['daily', 'weekly'] as const) {
        const ofKind = windows.filter((entry) => entry.period === period).map((entry) => entry.window);
        expect(ofKind[0]!.endsAt).toEqual(periodWindowOf(at, timeZone, period).startsAt);
        for (let index = 1; index < ofKind.length; index += 1) expect(ofKind[index]!.endsAt).toEqual(ofKind[index - 1]!.startsAt);
      }
    }
  });
});
