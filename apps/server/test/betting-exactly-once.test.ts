import { ERRORS } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { betsSettle, settleTransferOf } from '../src/modules/betting/bet-settle.service.ts';
import type { BettingDeps } from '../src/modules/betting/betting-deps.ts';
import type { BetRow } from '../src/modules/betting/betting.repository.ts';
import { depsCrashingBeforeCommit, feedManualCreate, market1x2, placedOk, singlePost, type ManualFeed, type Option } from './betting-fixtures.ts';
import { CLOCK_START, envelopeOf, testAppCreate, type TestApp } from './harness.ts';
import { auditClean, balanceOf, idempotencyKey, playerFund } from './payments-fixtures.ts';

/**
 * Exactly once, under replays, crashes and a feed that keeps a window of results: one bet per Idempotency-Key, one
 * settlement per bet, and no result missed because the number of results stayed the same.
 */

let t: TestApp;
let feed: ManualFeed;
/** How many of the latest results the feed shows: the simulator keeps its last 10,000; here a window of one. */
const RESULTS_WINDOW = 1;

beforeAll(async () => {
  const manual = feedManualCreate(CLOCK_START.getTime());
  feed = { ...manual, results: () => manual.results().slice(-RESULTS_WINDOW) };
  t = await testAppCreate({ feed, env: { BET_LIVE_DELAY_MS: '0' } });
});
afterAll(() => t.close());

const state = () => t.built.sports.state;
const upcoming = (optionType: 1 | 2 | 3 = 1): Option => market1x2(state(), feed.matchAdd().id, optionType);

async function settleTransfersOf(ids: readonly string[]): Promise<number> {
  const refs = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const [row] = await t.rows<{ n: string }>(sql`select count(*) as n from transfers where kind = 'bet_settle' and external_ref in (${refs})`);
  return Number(row!.n);
}

describe('one Idempotency-Key replayed 100 times at once', () => {
  // The first request to claim the key places the bet; a replay that arrives while it runs cannot wait for an answer
  // that does not exist yet, so it is told 1010 REQUEST_IN_PROGRESS (the client retries it and then gets the stored
  // answer). Every replay that arrives after the first finished gets that stored answer, the same JSON.
  it('places exactly one bet; every answer is that bet or "in progress"', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const option = upcoming();
    const key = idempotencyKey();
    const answers = await Promise.all(Array.from({ length: 100 }, () => singlePost(t, session, [{ option, stake: 5_00 }], key)));
    const codes = answers.map((answer) => envelopeOf(answer).dm_error);
    expect(codes.every((code) => code === 0 || code === ERRORS.REQUEST_IN_PROGRESS.code)).toBe(true);
    // Identical as JSON: the stored answer is kept as jsonb, which may order the keys differently from the first.
    const accepted = answers.filter((answer) => envelopeOf(answer).dm_error === 0).map((answer) => answer.json);
    expect(accepted.length).toBeGreaterThan(0);
    for (const answer of accepted) expect(answer).toEqual(accepted[0]);
    // A retry after the storm gets the same answer again.
    expect((await singlePost(t, session, [{ option, stake: 5_00 }], key)).json).toEqual(accepted[0]);
    const [row] = await t.rows<{ n: string }>(sql`select count(*) as n from bets where user_id = ${session.uid}`);
    expect(Number(row!.n)).toBe(1);
    expect(await balanceOf(t, session, 'BRL')).toBe(95_00);
    // The same key with another body is an error, not a second bet nor the first answer.
    expect(envelopeOf(await singlePost(t, session, [{ option, stake: 6_00 }], key)).dm_error).toBe(ERRORS.DUPLICATE_REQUEST.code);
  });
});

describe('settlement exactly once', () => {
  it('settles a bet whose result arrives while the number of results stays the same', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const first = upcoming(1);
    const second = upcoming(1);
    const [early] = await placedOk(await singlePost(t, session, [{ option: first, stake: 10_00 }]));
    feed.matchEnd(first.matchId, { home: 1, away: 0 });
    await t.built.betting.worker.run();
    expect(await settleTransfersOf([early!.id])).toBe(1);
    const [late] = await placedOk(await singlePost(t, session, [{ option: second, stake: 10_00 }]));
    expect(feed.results()).toHaveLength(RESULTS_WINDOW);
    // The window still holds one result, but a new one: the worker must see it.
    feed.matchEnd(second.matchId, { home: 3, away: 1 });
    expect(feed.results()).toHaveLength(RESULTS_WINDOW);
    await t.built.betting.worker.run();
    expect(await settleTransfersOf([late!.id])).toBe(1);
    expect(await auditClean(t)).toBe(true);
  });

  it('settles every bet once after a crash between bets and one inside a bet, then a restart', async () => {
    const { session } = await playerFund(t, { amountMinor: 100_00 });
    const option = upcoming(2);
    const placed = await placedOk(
      await singlePost(
        t,
        session,
        Array.from({ length: 6 }, () => ({ option, stake: 2_00 })),
      ),
    );
    const ids = placed.map((bet) => bet.id);
    // The worker is not told: the passes below are run by hand, a crashing one first.
    // The third bet's writes all run and the process dies before COMMIT.
    const deps = t.built.betting.deps;
    const crashing = depsCrashingBeforeCommit(deps, 3);
    await expect(betsSettleAfterEnd(crashing, option)).rejects.toThrow('killed before commit');
    const settledBeforeRestart = await settleTransfersOf(ids);
    // The bet whose transaction died is not settled; the others may be, depending on which ran first.
    expect(settledBeforeRestart).toBeLessThan(6);
    // The restart: two nodes (or a restarted one and a late pass) run at once.
    await Promise.all([betsSettle(deps), betsSettle(deps)]);
    expect(await settleTransfersOf(ids)).toBe(6);
    await betsSettle(deps);
    expect(await settleTransfersOf(ids)).toBe(6);
    const payout = Math.floor((2_00 * option.oddsThousandths) / 1000);
    expect(await balanceOf(t, session, 'BRL')).toBe(88_00 + 6 * payout);
    expect(await auditClean(t)).toBe(true);
  });
});

/** Ends the option's match without waking the worker, then runs one pass with `deps`. */
async function betsSettleAfterEnd(deps: BettingDeps, option: Option) {
  await t.built.betting.worker.stop();
  feed.matchEnd(option.matchId, { home: 0, away: 1 });
  return betsSettle(deps);
}

describe('the settlement transfer', () => {
  it('always sums to zero and never pays the player more than the return', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 100_000_000 }), fc.boolean(), (stake, payout, freeBet) => {
        const bet = { id: 1, userId: 7, currency: 'BRL', stakeMinor: stake, freeBet } as unknown as BetRow;
        const transfer = settleTransferOf(bet, payout);
        expect(transfer.lines.reduce((sum, line) => sum + line.amountMinor, 0)).toBe(0);
        const toPlayer = transfer.lines.find((line) => 'userId' in line.account)?.amountMinor ?? 0;
        expect(toPlayer).toBe(freeBet ? Math.max(payout - stake, 0) : payout);
        expect(transfer.lines.every((line) => line.amountMinor !== 0)).toBe(true);
      }),
    );
  });
});
