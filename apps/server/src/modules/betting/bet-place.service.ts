import {
  BET_CURRENCY_IDS,
  BET_ORDER_STATUS,
  type BetKindWire,
  type EndpointBody,
  type PlacedBet,
  type betFree,
  type betMultiple,
  type betSinglePass,
} from '@piranha/contract';
import {
  betOddsTotalThousandths,
  legTeamSharedIndex,
  minorUnits,
  payoutFloorMinor,
  systemBetFromCode,
  systemBetQuote,
  type SystemBetErrorCode,
} from '@piranha/domain';
import { AppError } from '../../app-error.ts';
import type { Tx } from '../../db/client.ts';
import { groupStatement, groupTransaction } from '../../db/group-commit.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { IdempotencyKeyTaken } from '../../plugins/idempotency.ts';
import type { AnswerInTransaction } from '../../plugins/route.ts';
import { sql } from 'drizzle-orm';
import { ledgerTransfer, ledgerTransferPrepare, type LedgerAccountRef } from '../ledger/ledger.service.ts';
import { brandOfUser } from '../payments/payments-deps.ts';
import { sessionLiveSql } from '../session/session.repository.ts';
import { sessionRecheck } from '../session/session.service.ts';
import { legPrice, lineText, type LegPriced } from './bet-price.ts';
import type { BettingDeps } from './betting-deps.ts';
import { betLimitsOf, LEGS_PER_MULTIPLE_MAX, type BetLimits } from './betting-limits.ts';
import { betInsert, betPlaceInOneStatement, freeBetGrantDebit, SaferPlayRefused } from './betting.repository.ts';
import {
  saferLimitRequiredCheck,
  saferMarketOpenCheck,
  saferMinStakeMinor,
  saferPlayCheck,
  saferPlayTimeTake,
  saferStakeGuard,
  saferStakeRefusal,
  saferStakeTake,
} from '../safer-play/safer-play.service.ts';
import { bonusStakeCheck, bonusStakeGuard } from '../bonus/bonus-ledger.service.ts';

/** A bet checked and priced, ready to be written. */
interface BetPlanned {
  kind: BetKindWire;
  seriesCode: number;
  unitStakeMinor: number;
  lineCount: number;
  stakeMinor: number;
  payoutMinorMax: number;
  oddsChange: number;
  legs: LegPriced[];
}

/** The currency a player bets in: the one asked for by upstream id, if the brand holds it, else the brand's. */
export async function betCurrencyOf(deps: BettingDeps, user: SessionUser, currencyId: number | undefined): Promise<string> {
  const brand = await brandOfUser(deps.db, user);
  if (currencyId === undefined) return brand.currency;
  const code = BET_CURRENCY_IDS[currencyId];
  if (!code || !(brand.currencies as readonly string[]).includes(code)) throw new AppError('VALIDATION_FAILED', { field: 'currencyId', issue: 'not_offered' });
  return code;
}

function stakeCheck(limits: BetLimits, stakeMinor: number, field: string): void {
  // The law's minimum first (Kenya KES 20, decision 037): the product's own may be lower in another market's scale.
  if (stakeMinor < (limits.lawMinMinor ?? 0)) throw new AppError('SAFER_STAKE_BELOW_MIN', { field, issue: `min_${limits.lawMinMinor}` });
  if (stakeMinor < limits.stakeMinMinor) throw new AppError('STAKE_BELOW_MIN', { field });
  if (stakeMinor > limits.stakeMaxMinor) throw new AppError('STAKE_ABOVE_MAX', { field });
}

function payoutCheck(limits: BetLimits, payoutMinorMax: number, field: string): void {
  if (payoutMinorMax > limits.payoutMaxMinor) throw new AppError('PAYOUT_ABOVE_MAX', { field });
}

function singlePlan(limits: BetLimits, entry: { unitStake: number; oddsChange: number; option: LegPriced }, field: string): BetPlanned {
  const stakeField = field ? `${field}.unitStake` : 'unitStake';
  stakeCheck(limits, entry.unitStake, stakeField);
  const payoutMinorMax = payoutFloorMinor(minorUnits(entry.unitStake), [entry.option.oddsThousandths], [1000]);
  payoutCheck(limits, payoutMinorMax, stakeField);
  return {
    kind: 'single_bet',
    seriesCode: 1,
    unitStakeMinor: entry.unitStake,
    lineCount: 1,
    stakeMinor: entry.unitStake,
    payoutMinorMax,
    oddsChange: entry.oddsChange,
    legs: [entry.option],
  };
}

const SERIES_ERRORS: Readonly<Record<SystemBetErrorCode, 'BET_SAME_MATCH' | 'BET_SAME_TEAM' | 'BET_TOO_MANY_LEGS' | 'BET_SERIES_INVALID' | 'STAKE_BELOW_MIN'>> =
  {
    SAME_MATCH_LEGS: 'BET_SAME_MATCH',
    SAME_TEAM_LEGS: 'BET_SAME_TEAM',
    TOO_MANY_LEGS: 'BET_TOO_MANY_LEGS',
    TOO_FEW_LEGS: 'BET_SERIES_INVALID',
    FOLD_SIZE_INVALID: 'BET_SERIES_INVALID',
    LEG_COUNT_MISMATCH: 'BET_SERIES_INVALID',
    SYSTEM_UNSUPPORTED: 'BET_SERIES_INVALID',
    LEG_NOT_ALLOWED_IN_MULTIPLE: 'BET_SERIES_INVALID',
    STAKE_INVALID: 'STAKE_BELOW_MIN',
  };

/** The teams of a match the feed shows (none for a match it does not: pricing then refuses the leg). */
function teamIdsOf(deps: BettingDeps, matchId: number): number[] | undefined {
  const match = deps.sports.entry(matchId)?.match;
  return match ? [match.home.id, match.away.id] : undefined;
}

/**
 * Same-match legs, legs of two matches of one team and too many legs are refused before any pricing, so the answer
 * names the real problem.
 */
function legsShapeCheck(deps: BettingDeps, options: readonly { matchId: number }[]): void {
  if (options.length > LEGS_PER_MULTIPLE_MAX) throw new AppError('BET_TOO_MANY_LEGS', { field: 'betOptionList' });
  const seen = new Set<number>();
  options.forEach((option, index) => {
    if (seen.has(option.matchId)) throw new AppError('BET_SAME_MATCH', { field: `betOptionList.${index}.matchId` });
    seen.add(option.matchId);
  });
  const shared = legTeamSharedIndex(options.map((option) => ({ matchId: option.matchId, teamIds: teamIdsOf(deps, option.matchId) })));
  if (shared !== undefined) throw new AppError('BET_SAME_TEAM', { field: `betOptionList.${shared}.matchId` });
}

function seriesPlan(
  deps: BettingDeps,
  limits: BetLimits,
  entry: { seriesValue: number; unitStake: number; oddsChange: number },
  legs: LegPriced[],
  field: string,
): BetPlanned {
  const kind = systemBetFromCode(entry.seriesValue, legs.length);
  if (!kind) throw new AppError('BET_SERIES_INVALID', { field: `${field}.seriesValue` });
  const quote = systemBetQuote(
    kind,
    legs.map((leg) => ({ matchId: leg.matchId, teamIds: teamIdsOf(deps, leg.matchId), oddsThousandths: leg.oddsThousandths, multipleAllowed: true })),
    minorUnits(entry.unitStake),
  );
  if (!quote.ok) throw new AppError(SERIES_ERRORS[quote.code], { field: `${field}.seriesValue` });
  stakeCheck(limits, entry.unitStake, `${field}.unitStake`);
  payoutCheck(limits, quote.payoutMinorMax, `${field}.unitStake`);
  const accumulator = kind.type === 'fold' && kind.foldSize === legs.length;
  return {
    kind: accumulator ? 'bet_multi' : 'system_bet',
    seriesCode: quote.code,
    unitStakeMinor: entry.unitStake,
    lineCount: quote.lineCount,
    stakeMinor: quote.totalStakeMinor,
    payoutMinorMax: quote.payoutMinorMax,
    oddsChange: entry.oddsChange,
    legs,
  };
}

/**
 * Writes the bets: each row, its legs and its stake transfer (player → bets_in_play, or bonus liability →
 * bets_in_play for a free bet), all in one transaction, so a placement is whole or absent. The wallet debit is a
 * conditional update: under any number of concurrent placements a balance never goes below zero, and the one that
 * does not fit gets INSUFFICIENT_FUNDS with nothing written. An in-play bet waits the acceptance delay, confirming.
 */
function betRowOf(deps: BettingDeps, user: SessionUser, currency: string, bet: BetPlanned, free: boolean, grantId: number | undefined, now: Date) {
  const live = bet.legs.some((leg) => leg.quote.live);
  const pending = live && deps.liveDelayMs > 0;
  return {
    userId: user.uid,
    currency,
    kind: bet.kind,
    seriesCode: bet.seriesCode,
    unitStakeMinor: bet.unitStakeMinor,
    lineCount: bet.lineCount,
    stakeMinor: bet.stakeMinor,
    stakePlacedMinor: bet.stakeMinor,
    payoutMinorMax: bet.payoutMinorMax,
    status: pending ? BET_ORDER_STATUS.confirming : BET_ORDER_STATUS.confirmed,
    oddsChange: bet.oddsChange,
    live,
    freeBet: free,
    freeBetGrantId: grantId ?? null,
    acceptAt: pending ? new Date(now.getTime() + deps.liveDelayMs) : null,
    createdAt: now,
  };
}

function legRowsOf(bet: BetPlanned) {
  return bet.legs.map((leg, legIndex) => ({
    legIndex,
    matchId: leg.matchId,
    marketId: leg.marketId,
    marketType: leg.quote.type,
    period: leg.quote.period,
    line: lineText(leg.quote.optionLine),
    optionType: leg.optionType,
    matchName: leg.matchName,
    oddsThousandths: leg.oddsThousandths,
    live: leg.quote.live,
    scoreHome: leg.quote.score.home,
    scoreAway: leg.quote.score.away,
  }));
}

const placedOf = (bet: BetPlanned, row: { id: number; status: number; stakeMinor: number }): PlacedBet => ({
  id: String(row.id),
  st: row.status,
  stake: row.stakeMinor,
  odds: bet.legs.map((leg) => leg.oddsThousandths / 1000),
  payout_max: bet.payoutMinorMax,
});

const stakeLines = (player: LedgerAccountRef, currency: string, stakeMinor: number) => [
  { account: player, amountMinor: -stakeMinor },
  { account: { house: 'bets_in_play' as const, currency }, amountMinor: stakeMinor },
];

/**
 * The usual placement, one bet staked from the wallet with an Idempotency-Key, as ONE statement: the key's answer,
 * the bet, its legs and the stake transfer commit together in one round trip (betPlaceInOneStatement). A key that
 * already holds an answer writes nothing and the route replays it.
 */
async function betWriteInOneStatement(
  deps: BettingDeps,
  user: SessionUser,
  currency: string,
  bet: BetPlanned,
  answer: AnswerInTransaction,
): Promise<PlacedBet[]> {
  const stake = await ledgerTransferPrepare(deps.db, { kind: 'bet_place', lines: stakeLines({ userId: user.uid, currency }, currency, bet.stakeMinor) });
  const row = betRowOf(deps, user, currency, bet, false, undefined, deps.now());
  // The answer is the list the route will send, its id filled in by the statement from the id it draws (CTE n).
  const template = [placedOf(bet, { id: 0, status: row.status, stakeMinor: row.stakeMinor })];
  const keyInsert = answer.insertSql(template, { path: [0, 'id'], value: sql`to_jsonb(n.id::text)` }, sql`n`);
  // The session is checked in the statement itself (CTE s): revoked or expired since it was read, nothing is written.
  // Safer play rides in the same statement (decision 027): no extra round trip, two index reads and, for a player
  // with a wager or loss limit, one upsert per limit. Only a refusal reads again, to say which limit and when it resets.
  const now = deps.now();
  const safer = saferStakeGuard(user.uid, user.appKey, currency, bet.stakeMinor, now, sql`exists (select 1 from k)`);
  // So does the unlocking bonus's stake maximum (the read before the write that other placements make, in the statement).
  const bonus = bonusStakeGuard(user.uid, currency, bet.stakeMinor);
  let written: Awaited<ReturnType<typeof betPlaceInOneStatement>>;
  try {
    // Placements arriving together commit together (docs/decisions/074-group-commit.md), and this returns once that
    // has committed, key answer included. The statement never catches its own failure (it maps it and throws), so a
    // batch of placements needs no savepoints: should one be refused, the batch is rolled back and run again with them.
    const live = sessionLiveSql(user.sessionId, user.uid, now);
    written = await groupStatement(deps.db, (db) => betPlaceInOneStatement(db, row, legRowsOf(bet), stake, keyInsert, live, safer, bonus), user.uid, {
      savepointFree: true,
    });
  } catch (error) {
    const bonusRefusal = bonus.refusalOf(error);
    if (bonusRefusal) throw bonusRefusal;
    if (error instanceof SaferPlayRefused) throw await saferStakeRefusal(deps.db, user.uid, user.appKey, currency, bet.stakeMinor, now);
    throw error;
  }
  if (!written.claimed) throw new IdempotencyKeyTaken();
  answer.written();
  return [placedOf(bet, written)];
}

/**
 * Writes the bets: each row, its legs and its stake transfer (player → bets_in_play, or bonus liability →
 * bets_in_play for a free bet), all in one transaction, so a placement is whole or absent. The wallet debit is a
 * conditional update: under any number of concurrent placements a balance never goes below zero, and the one that
 * does not fit gets INSUFFICIENT_FUNDS with nothing written. An in-play bet waits the acceptance delay, confirming.
 */
async function betsWrite(
  deps: BettingDeps,
  user: SessionUser,
  currency: string,
  planned: readonly BetPlanned[],
  free: boolean,
  answer?: AnswerInTransaction,
): Promise<PlacedBet[]> {
  // A closed market's player bets nothing, free bets included (decision 049); no query: the session names the brand.
  saferMarketOpenCheck(user.appKey);
  // The one-statement placement checks the bonus's stake maximum inside its statement (bonusStakeGuard).
  if (answer && !free && planned.length === 1) return betWriteInOneStatement(deps, user, currency, planned[0]!, answer);
  if (!free)
    await bonusStakeCheck(
      deps.db,
      user.uid,
      currency,
      planned.map((bet) => bet.stakeMinor),
    );
  const now = deps.now();
  // A batch member like the one-statement placement: everything below uses `tx` only (decision 074).
  return groupTransaction(
    deps.db,
    async (tx: Tx) => {
      await sessionRecheck(tx, user, now);
      const placed: PlacedBet[] = [];
      // A time-out or self-exclusion refuses free bets too, and a free bet is play on the play-time clock (decision 054);
      // only money staked counts against wager and loss limits. A free bet is play all the same: it needs the limit the
      // brand's law asks of every player (decision 057).
      if (free) {
        await saferPlayCheck(tx, user.uid, now);
        await saferLimitRequiredCheck(tx, user.uid, user.appKey, now);
        await saferPlayTimeTake(tx, user.uid, user.appKey, now);
      } else
        await saferStakeTake(
          tx,
          user.uid,
          user.appKey,
          currency,
          planned.reduce((total, bet) => total + bet.stakeMinor, 0),
          now,
        );
      for (const bet of planned) {
        let grantId: number | undefined;
        if (free) {
          grantId = await freeBetGrantDebit(tx, user.uid, currency, bet.stakeMinor, {
            oddsThousandths: betOddsTotalThousandths(bet.legs.map((leg) => leg.oddsThousandths)),
            at: now,
          });
          if (grantId === undefined) throw new AppError('FREE_BET_INSUFFICIENT', { field: 'unitStake' });
        }
        const row = await betInsert(tx, betRowOf(deps, user, currency, bet, free, grantId, now), legRowsOf(bet));
        const player: LedgerAccountRef = free ? { house: 'bonus_liability', currency } : { userId: user.uid, currency };
        await ledgerTransfer(tx, { kind: 'bet_place', externalRef: String(row.id), lines: stakeLines(player, currency, bet.stakeMinor) });
        placed.push(placedOf(bet, row));
      }
      // The idempotent answer commits with the bets (plugins/route.ts, answerInTransaction); a free bet answers one bet.
      if (answer) await answer.write(tx, free ? placed[0] : placed);
      return placed;
    },
    user.uid,
  );
}

export async function singlesPlace(
  deps: BettingDeps,
  user: SessionUser,
  body: EndpointBody<typeof betSinglePass>,
  answer?: AnswerInTransaction,
): Promise<PlacedBet[]> {
  const currency = await betCurrencyOf(deps, user, body.currencyId);
  const limits = { ...betLimitsOf(currency), lawMinMinor: saferMinStakeMinor(user.appKey, currency) };
  const nowMs = deps.now().getTime();
  const planned = body.singleBetList.map((single, index) => {
    const field = `singleBetList.${index}`;
    const option = legPrice(deps.sports, single.betOptionList[0]!, single.oddsChange, `${field}.betOptionList.0`, nowMs);
    return singlePlan(limits, { unitStake: single.unitStake, oddsChange: single.oddsChange, option }, field);
  });
  return betsWrite(deps, user, currency, planned, false, answer);
}

export async function multiplesPlace(
  deps: BettingDeps,
  user: SessionUser,
  body: EndpointBody<typeof betMultiple>,
  answer?: AnswerInTransaction,
): Promise<PlacedBet[]> {
  const currency = await betCurrencyOf(deps, user, body.currencyId);
  const limits = { ...betLimitsOf(currency), lawMinMinor: saferMinStakeMinor(user.appKey, currency) };
  legsShapeCheck(deps, body.betOptionList);
  const nowMs = deps.now().getTime();
  // Each series carries its own odds preference; a leg is priced once per series so each is checked by its own.
  const planned = body.betMultipleData.map((series, index) => {
    const legs = body.betOptionList.map((option, legIndex) => legPrice(deps.sports, option, series.oddsChange, `betOptionList.${legIndex}`, nowMs));
    return seriesPlan(deps, limits, series, legs, `betMultipleData.${index}`);
  });
  return betsWrite(deps, user, currency, planned, false, answer);
}

export async function freeBetPlace(deps: BettingDeps, user: SessionUser, body: EndpointBody<typeof betFree>, answer?: AnswerInTransaction): Promise<PlacedBet> {
  const currency = await betCurrencyOf(deps, user, undefined);
  const limits = { ...betLimitsOf(currency), lawMinMinor: saferMinStakeMinor(user.appKey, currency) };
  const option = legPrice(deps.sports, body.betOptionList[0]!, body.oddsChange, 'betOptionList.0', deps.now().getTime());
  const plan = singlePlan(limits, { unitStake: body.unitStake, oddsChange: body.oddsChange, option }, '');
  const [placed] = await betsWrite(deps, user, currency, [plan], true, answer);
  return placed!;
}
