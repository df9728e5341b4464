import { minorUnitsSum, type MinorUnits } from '../money/minor-units.ts';
import { type BetSlip, type BetSlipSelection } from './bet-slip.ts';
import { payoutFloorMinor } from './payout-floor.ts';
import { systemBetQuote, type SystemBetErrorCode, type SystemBetKind, type SystemBetQuoteResult, type SystemLeg } from './system-bets.ts';

export type BetSlipPlaceCode = 'BET_SLIP_EMPTY' | 'ODDS_NOT_ACCEPTED' | 'SELECTION_LOCKED' | 'STAKE_MISSING';

export interface BetSlipSinglesLine {
  selection: BetSlipSelection;
  stakeMinor: MinorUnits;
  /** floor(stake × odds): the return if the selection wins. */
  payoutMinorMax: MinorUnits;
}

export interface BetSlipSinglesQuote {
  lines: BetSlipSinglesLine[];
  totalStakeMinor: MinorUnits;
  payoutMinorMax: MinorUnits;
}

/** The singles the slip would place: every open item with a stake, each its own bet. */
export function betSlipSinglesQuote(slip: BetSlip): BetSlipSinglesQuote {
  const lines = slip.items.flatMap((item): BetSlipSinglesLine[] =>
    item.stakeMinor === null || item.locked
      ? []
      : [
          {
            selection: { matchId: item.matchId, marketId: item.marketId, optionType: item.optionType },
            stakeMinor: item.stakeMinor,
            payoutMinorMax: payoutFloorMinor(item.stakeMinor, [item.oddsThousandths], [1000]),
          },
        ],
  );
  return {
    lines,
    totalStakeMinor: minorUnitsSum(lines.map((line) => line.stakeMinor)),
    payoutMinorMax: minorUnitsSum(lines.map((line) => line.payoutMinorMax)),
  };
}

/**
 * Why the singles cannot be placed yet, or null. Items without a stake are simply not placed; a staked item
 * whose market is now locked blocks placing, so the player sees it rather than having it dropped silently.
 */
export function betSlipSinglesPlaceCheck(slip: BetSlip): BetSlipPlaceCode | null {
  if (slip.items.length === 0) return 'BET_SLIP_EMPTY';
  if (slip.needAcceptLatestOdds) return 'ODDS_NOT_ACCEPTED';
  if (slip.items.some((item) => item.locked && item.stakeMinor !== null)) return 'SELECTION_LOCKED';
  if (slip.items.every((item) => item.stakeMinor === null)) return 'STAKE_MISSING';
  return null;
}

/** The teams of a match as the slip last heard them (latest bet info), or undefined while it has not. */
export type BetSlipTeamsOf = (matchId: number) => readonly number[] | undefined;

/** The slip's items as the legs of a multiple or system bet, with their matches' teams when `teamsOf` knows them. */
export function betSlipLegs(slip: BetSlip, teamsOf?: BetSlipTeamsOf): SystemLeg[] {
  return slip.items.map((item) => {
    const teamIds = teamsOf?.(item.matchId);
    return { matchId: item.matchId, oddsThousandths: item.oddsThousandths, multipleAllowed: item.multipleAllowed, ...(teamIds ? { teamIds } : {}) };
  });
}

/**
 * A multiple or system bet of every item in the slip, checked as the slip must before placing it: with `teamsOf`,
 * two matches of one team are refused here as the server would (SAME_TEAM_LEGS), so the slip can say why.
 */
export function betSlipSystemQuote(
  slip: BetSlip,
  kind: SystemBetKind,
  unitStakeMinor: MinorUnits,
  teamsOf?: BetSlipTeamsOf,
): SystemBetQuoteResult | { ok: false; code: Exclude<BetSlipPlaceCode, 'STAKE_MISSING'> | SystemBetErrorCode } {
  if (slip.items.length === 0) return { ok: false, code: 'BET_SLIP_EMPTY' };
  if (slip.needAcceptLatestOdds) return { ok: false, code: 'ODDS_NOT_ACCEPTED' };
  if (slip.items.some((item) => item.locked)) return { ok: false, code: 'SELECTION_LOCKED' };
  return systemBetQuote(kind, betSlipLegs(slip, teamsOf), unitStakeMinor);
}
