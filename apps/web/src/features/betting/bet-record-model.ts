import { BET_ORDER_STATUS, type BetRecord } from '@piranha/contract';

/**
 * What the bet records show of a bet, decided here so the page adds nothing up itself: its status, the money lines
 * (from the server's `stake_open`, `payout_open`, `paid`), each leg's state and a pick named after its team.
 */

export type RecordStatusKey = 'open' | 'push' | 'lost' | 'won' | 'halfWon' | 'halfLost' | 'cancelled' | 'pending' | 'rejected' | 'cashedOut';

/** Spec §4 outcome codes → label keys under `betting.status`. */
const OUTCOME_KEYS: Readonly<Record<number, RecordStatusKey>> = { 0: 'open', 2: 'push', 3: 'lost', 4: 'won', 5: 'halfWon', 6: 'halfLost', 7: 'cancelled' };

export const outcomeKeyOf = (code: number): RecordStatusKey => OUTCOME_KEYS[code] ?? 'open';

export function recordStatusKey(record: BetRecord): RecordStatusKey {
  if (record.st === BET_ORDER_STATUS.confirming) return 'pending';
  if (record.st === BET_ORDER_STATUS.rejected) return 'rejected';
  if (record.cashed_out === 1) return 'cashedOut';
  return outcomeKeyOf(record.sr);
}

/**
 * A leg's label: its outcome once its match is decided. A leg of a bet cashed out whole no longer rides, so while
 * its match is undecided it says the bet was cashed out rather than "open".
 */
export function legStatusKey(record: BetRecord, legOutcome: number): RecordStatusKey {
  if (legOutcome === 0 && record.cashed_out === 1) return 'cashedOut';
  return outcomeKeyOf(legOutcome);
}

/** Label keys of the money lines under `betting.records` (`potentialReturn` under `betting.slip`). */
export type MoneyLineKey = 'stake' | 'cashedOutAmount' | 'stakeRiding' | 'potentialReturn' | 'return' | 'taxWithheld';

export interface MoneyLine {
  key: MoneyLineKey;
  minor: number;
}

const isOpen = (record: BetRecord) =>
  record.st === BET_ORDER_STATUS.created || record.st === BET_ORDER_STATUS.confirming || record.st === BET_ORDER_STATUS.confirmed;

/**
 * The money lines of a bet. Open: the stake, and after a partial cash-out what it paid and the stake still riding,
 * then the potential return of that stake. Settled: the stake and what was paid in all (cash-outs and the return).
 * A rejected or cancelled bet shows its stake only (it was refunded). Where the market withholds tax on prizes
 * (Mexico, decision 060) and this bet's payments did, the tax withheld follows what was paid.
 */
export function recordMoneyLines(record: BetRecord): MoneyLine[] {
  const lines: MoneyLine[] = [{ key: 'stake', minor: record.stake }];
  const withheld: MoneyLine[] = record.withheld > 0 ? [{ key: 'taxWithheld', minor: record.withheld }] : [];
  if (isOpen(record)) {
    if (record.cash_out > 0) lines.push({ key: 'cashedOutAmount', minor: record.cash_out }, ...withheld, { key: 'stakeRiding', minor: record.stake_open });
    lines.push({ key: 'potentialReturn', minor: record.payout_open });
    return lines;
  }
  if (record.st === BET_ORDER_STATUS.settled) lines.push({ key: 'return', minor: record.paid }, ...withheld);
  return lines;
}

/** The teams of a leg's match name "Home v Away" (as the server writes it); undefined when it is not in that form. */
export function teamsOfMatchName(name: string): { home: string; away: string } | undefined {
  const at = name.indexOf(' v ');
  if (at <= 0) return undefined;
  const home = name.slice(0, at).trim();
  const away = name.slice(at + 3).trim();
  return home && away ? { home, away } : undefined;
}

export type PickKey = 'draw' | 'over' | 'under' | 'yes' | 'no' | 'homeOrDraw' | 'homeOrAway' | 'drawOrAway' | 'home' | 'away' | 'other';
/** Double chance named after the teams: "Flamengo or draw". */
type TeamPickKey = 'teamOrDraw' | 'teamOrTeam' | 'drawOrTeam';
const TEAM_PICK_KEYS: Readonly<Record<number, TeamPickKey>> = { 10: 'teamOrDraw', 11: 'teamOrTeam', 12: 'drawOrTeam' };

/** Selection types `ty` (reference §1) → label keys under `betting.pick`. */
const PICK_KEYS: Readonly<Record<number, PickKey>> = {
  1: 'home',
  2: 'away',
  3: 'draw',
  4: 'over',
  5: 'under',
  8: 'yes',
  9: 'no',
  10: 'homeOrDraw',
  11: 'homeOrAway',
  12: 'drawOrAway',
};

/** How a pick is named: a team by its name (as every book does), a correct score as "h-a", others by label key. */
export type PickName = { text: string } | { teamKey: TeamPickKey; home: string; away: string } | { key: PickKey };

export function pickNameOf(optionType: number, matchName: string): PickName {
  const teams = teamsOfMatchName(matchName);
  if (optionType === 1 && teams) return { text: teams.home };
  if (optionType === 2 && teams) return { text: teams.away };
  const teamKey = TEAM_PICK_KEYS[optionType];
  if (teamKey && teams) return { teamKey, ...teams };
  if (optionType >= 100 && optionType < 150) return { text: `${Math.floor((optionType - 100) / 10)}-${(optionType - 100) % 10}` };
  return { key: PICK_KEYS[optionType] ?? 'other' };
}

/**
 * A slip row's pick as the books name it, from the latest bet info (its option type and "Home v Away" match name):
 * a team by its name, double chance as "Flamengo or draw", a draw as "Draw" — not the feed's short codes
 * ("1X", "X"). Before the first latest-info answer (no match name yet) or for an option without a label of its
 * own, the name the tapped button showed.
 */
export function slipPickNameOf(optionType: number, label: { name: string; match?: string | undefined } | undefined): PickName | undefined {
  if (!label) return undefined;
  const name = label.match ? pickNameOf(optionType, label.match) : undefined;
  return name && !('key' in name && name.key === 'other') ? name : { text: label.name };
}
