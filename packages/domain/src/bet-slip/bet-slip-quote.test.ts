import { describe, expect, it } from 'vitest';
import { minorUnits } from '../money/minor-units.ts';
import { BET_SLIP_EMPTY, betSlipStakeForAllSet, betSlipStakeSet, betSlipToggle, type BetSlip, type BetSlipOffer, type BetSlipResult } from './bet-slip.ts';
import { betSlipOddsRefresh } from './bet-slip-odds-refresh.ts';
import { betSlipLegs, betSlipSinglesPlaceCheck, betSlipSinglesQuote, betSlipSystemQuote } from './bet-slip-quote.ts';
import { systemBetAccumulator, systemBetFullCover } from './system-bets.ts';

function offer(matchId: number, odds = 2000, marketId = 1): BetSlipOffer {
  return { matchId, marketId, optionType: 1, oddsThousandths: odds, marketOpen: true, line: null, multipleAllowed: true };
}

function slipOf(result: BetSlipResult): BetSlip {
  if (!result.ok) throw new Error(result.code);
  return result.slip;
}

function slipWith(...offers: BetSlipOffer[]): BetSlip {
  return offers.reduce((slip, next) => slipOf(betSlipToggle(slip, next)), BET_SLIP_EMPTY);
}

describe('betSlipSinglesQuote', () => {
  it('totals the staked items, each return floored on its own', () => {
    const slip = slipOf(
      betSlipStakeSet(slipOf(betSlipStakeSet(slipWith(offer(10, 1850), offer(20, 3333), offer(30)), offer(10), minorUnits(1000))), offer(20), minorUnits(100)),
    );
    expect(betSlipSinglesQuote(slip)).toEqual({
      lines: [
        { selection: { matchId: 10, marketId: 1, optionType: 1 }, stakeMinor: 1000, payoutMinorMax: 1850 },
        { selection: { matchId: 20, marketId: 1, optionType: 1 }, stakeMinor: 100, payoutMinorMax: 333 },
      ],
      totalStakeMinor: 1100,
      payoutMinorMax: 2183,
    });
  });

  it('prices one stake for all across every item', () => {
    const slip = slipOf(betSlipStakeForAllSet(slipWith(offer(10, 1500), offer(20, 2500)), minorUnits(400)));
    expect(betSlipSinglesQuote(slip)).toMatchObject({ totalStakeMinor: 800, payoutMinorMax: 600 + 1000 });
  });
});

describe('betSlipSinglesPlaceCheck', () => {
  const staked = slipOf(betSlipStakeForAllSet(slipWith(offer(10), offer(20)), minorUnits(100)));
  it.each<[string, BetSlip, string | null]>([
    ['an empty slip', BET_SLIP_EMPTY, 'BET_SLIP_EMPTY'],
    ['a slip without stakes', slipWith(offer(10)), 'STAKE_MISSING'],
    ['odds not yet accepted', betSlipOddsRefresh(staked, [{ ...offer(10, 1900), previousMarketId: null, marketOpen: true }], 0), 'ODDS_NOT_ACCEPTED'],
    ['a staked item now locked', betSlipOddsRefresh(staked, [{ ...offer(10), previousMarketId: null, marketOpen: false }], 0), 'SELECTION_LOCKED'],
    ['staked open items', staked, null],
  ])('answers %s with %s', (_name, slip, code) => {
    expect(betSlipSinglesPlaceCheck(slip)).toBe(code);
  });
});

describe('betSlipSystemQuote', () => {
  it('quotes a Trixie of the slip’s three legs', () => {
    const quote = betSlipSystemQuote(slipWith(offer(1, 6000), offer(2, 6000), offer(3, 6000)), systemBetFullCover('trixie'), minorUnits(1000));
    expect(quote).toMatchObject({ ok: true, lineCount: 4, totalStakeMinor: 4000, payoutMinorMax: 324_000 });
  });

  it('refuses an accumulator of two markets of one match', () => {
    expect(betSlipSystemQuote(slipWith(offer(1, 2000, 1), offer(1, 2000, 2)), systemBetAccumulator(2), minorUnits(100))).toEqual({
      ok: false,
      code: 'SAME_MATCH_LEGS',
    });
  });

  it('refuses while a leg is locked or odds wait for acceptance', () => {
    const slip = slipWith(offer(1), offer(2));
    const locked = betSlipOddsRefresh(slip, [{ ...offer(1), previousMarketId: null, marketOpen: false }], 0);
    const moved = betSlipOddsRefresh(slip, [{ ...offer(1, 2100), previousMarketId: null }], 0);
    expect(betSlipSystemQuote(locked, systemBetAccumulator(2), minorUnits(100))).toEqual({ ok: false, code: 'SELECTION_LOCKED' });
    expect(betSlipSystemQuote(moved, systemBetAccumulator(2), minorUnits(100))).toEqual({ ok: false, code: 'ODDS_NOT_ACCEPTED' });
    expect(betSlipSystemQuote(BET_SLIP_EMPTY, systemBetAccumulator(2), minorUnits(100))).toEqual({ ok: false, code: 'BET_SLIP_EMPTY' });
  });

  it('hands the legs over with their match, odds and multiple flag', () => {
    expect(betSlipLegs(slipWith(offer(1, 1500)))).toEqual([{ matchId: 1, oddsThousandths: 1500, multipleAllowed: true }]);
  });

  it('refuses a multiple of two matches of one team once it knows their teams, as placement does', () => {
    const slip = slipWith(offer(1, 2000), offer(2, 2000), offer(3, 2000));
    const teams: Record<number, number[]> = { 1: [10, 11], 2: [12, 13], 3: [14, 10] };
    expect(betSlipSystemQuote(slip, systemBetAccumulator(3), minorUnits(100), (matchId) => teams[matchId])).toEqual({ ok: false, code: 'SAME_TEAM_LEGS' });
    expect(betSlipSystemQuote(slip, systemBetAccumulator(3), minorUnits(100))).toMatchObject({ ok: true });
    expect(betSlipLegs(slip, (matchId) => teams[matchId])[2]).toEqual({ matchId: 3, oddsThousandths: 2000, multipleAllowed: true, teamIds: [14, 10] });
  });
});
