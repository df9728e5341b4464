import { createHash, randomBytes } from 'node:crypto';
import { realtimeTopic, type SeamlessResponse } from '@piranha/contract';
import {
  CRASH_LIVE_BETTING_MS,
  CRASH_LIVE_CHAIN_LENGTH,
  CRASH_LIVE_GROWTH_PER_MS,
  CRASH_LIVE_PAUSE_MS,
  casinoGameInfo,
  crashChainSeed,
  crashChainTerminal,
  crashLiveCashoutAt,
  crashLiveFlightMs,
  crashLiveMsToReach,
  crashLiveMultiplierAt,
  crashLivePayMinor,
  crashLivePhaseAt,
  crashLivePoint,
} from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { AppError } from '../../app-error.ts';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { JobSpec } from '../../jobs/job-runner.ts';
import type { RealtimePublisher } from '../../realtime/realtime-bus.ts';
import { saferMarketOpenCheck, saferMinStakeMinor } from '../safer-play/safer-play.service.ts';
import { walletBalanceOf, walletTxnFind } from './casino-wallet.repository.ts';
import { tokenHashOf } from './casino-wallet.service.ts';
import { casinoSessionInsert } from './casino.repository.ts';
import { HOUSE, roundGuard, studioSessionOf, studioTokenNew, walletCall, type StudioDeps, type StudioSession } from './casino-studio.service.ts';

/**
 * Crash with a live climb (issue 23, decision 071). Shared rounds per brand, written ahead by the leader's
 * `crash-live` job: each round row holds its schedule (betting, take-off, crash times) and its seed and crash point
 * from the brand's hash chain. Every node decides phases and cash-outs from the row's times and its own clock, so no
 * node asks another. Money goes through the seamless wallet like any studio: a `bet` when the player bets (on the
 * shared round id), a `win` when they cash out (manual now, auto as soon as the leader sees the curve pass the
 * target), a `win` of 0 closing the bets that crashed. A process that dies leaves rows the job finishes.
 */

export const CRASH_LIVE_JOB = 'crash-live';
export const CRASH_LIVE_GAME = 'crash';
/** A pending bet older than this had its process die between the row and the wallet: recovery finishes it. */
const BET_RECOVERY_GRACE_MS = 30_000;
/** A brand's rounds run while someone looked at the game within this long. */
const WANTED_MS = 5 * 60_000;

export interface CrashLiveDeps {
  studio: StudioDeps;
  realtime?: RealtimePublisher;
  /** Test and drill only (refused in production): the secret end of every new chain, so its rounds are known. */
  testChainSecret?: string;
  bettingMs?: number;
  pauseMs?: number;
}

interface RoundRow {
  id: number;
  publicId: string;
  appKey: string;
  seq: number;
  chainId: number;
  chainIndex: number;
  seed: string;
  crashPoint: number;
  bettingAt: Date;
  takeoffAt: Date;
  crashAt: Date;
  settledAt: Date | null;
}

type RawRound = {
  id: string;
  public_id: string;
  app_key: string;
  seq: string;
  chain_id: string;
  chain_index: number;
  seed: string;
  crash_point: string;
  betting_at: string | Date;
  takeoff_at: string | Date;
  crash_at: string | Date;
  settled_at: string | Date | null;
};

const ROUND_COLUMNS = sql`id::text, public_id, app_key, seq::text, chain_id::text, chain_index, seed, crash_point::text, betting_at, takeoff_at, crash_at, settled_at`;

function roundOf(row: RawRound): RoundRow {
  return {
    id: Number(row.id),
    publicId: row.public_id,
    appKey: row.app_key,
    seq: Number(row.seq),
    chainId: Number(row.chain_id),
    chainIndex: Number(row.chain_index),
    seed: row.seed,
    crashPoint: Number(row.crash_point),
    bettingAt: new Date(row.betting_at),
    takeoffAt: new Date(row.takeoff_at),
    crashAt: new Date(row.crash_at),
    settledAt: row.settled_at === null ? null : new Date(row.settled_at),
  };
}

interface BetRow {
  id: number;
  roundId: number;
  userId: number;
  currency: string;
  stake: number;
  autoCashout: number | null;
  cashout: number | null;
  win: number;
  status: 'pending' | 'placed' | 'cashed' | 'won' | 'lost' | 'void';
  createdAt: Date;
}

type RawBet = {
  id: string;
  round_id: string;
  user_id: string;
  currency: string;
  stake: string;
  auto_cashout: number | null;
  cashout: number | null;
  win: string;
  status: BetRow['status'];
  created_at: string | Date;
};

const BET_COLUMNS = sql`id::text, round_id::text, user_id::text, currency, stake::text, auto_cashout, cashout, win::text, status, created_at`;

function betOf(row: RawBet): BetRow {
  return {
    id: Number(row.id),
    roundId: Number(row.round_id),
    userId: Number(row.user_id),
    currency: row.currency,
    stake: Number(row.stake),
    autoCashout: row.auto_cashout === null ? null : Number(row.auto_cashout),
    cashout: row.cashout === null ? null : Number(row.cashout),
    win: Number(row.win),
    status: row.status,
    createdAt: new Date(row.created_at),
  };
}

const iso = (at: Date) => at.toISOString();
const txnBet = (bet: { id: number }) => `crash-live:${bet.id}:bet`;
const txnWin = (bet: { id: number }) => `crash-live:${bet.id}:win`;

async function roundFind(db: DbOrTx, where: ReturnType<typeof sql>): Promise<RoundRow | undefined> {
  const [row] = await rowsOf<RawRound>(db, sql`select ${ROUND_COLUMNS} from crash_live_rounds where ${where} limit 1`);
  return row && roundOf(row);
}

/** The round a bet placed at `now` goes to: the brand's first whose take-off is still ahead. */
function roundNextOf(db: DbOrTx, appKey: string, now: Date) {
  return roundFind(db, sql`app_key = ${appKey} and takeoff_at > ${iso(now)}::timestamptz order by takeoff_at`);
}

/** The round on screen: the next one once its betting phase opened, else the last that took off. */
async function roundOnScreen(db: DbOrTx, appKey: string, now: Date): Promise<RoundRow | undefined> {
  const next = await roundNextOf(db, appKey, now);
  if (next && next.bettingAt.getTime() <= now.getTime()) return next;
  return (await roundFind(db, sql`app_key = ${appKey} and takeoff_at <= ${iso(now)}::timestamptz order by takeoff_at desc`)) ?? next;
}

async function betsOf(db: DbOrTx, where: ReturnType<typeof sql>): Promise<BetRow[]> {
  return (await rowsOf<RawBet>(db, sql`select ${BET_COLUMNS} from crash_live_bets where ${where} order by crash_live_bets.id`)).map(betOf);
}

function betView(bet: BetRow, round: Pick<RoundRow, 'publicId'>) {
  return {
    round_id: round.publicId,
    stake: bet.stake,
    auto_cashout: bet.autoCashout,
    status: bet.status,
    cashout: bet.cashout,
    win: bet.win,
  };
}

function phaseOf(round: RoundRow, nowMs: number) {
  return crashLivePhaseAt(round.takeoffAt.getTime(), round.crashAt.getTime(), nowMs);
}

function roundView(round: RoundRow, nowMs: number) {
  const phase = phaseOf(round, nowMs);
  return {
    round_id: round.publicId,
    seq: round.seq,
    phase,
    betting_at: round.bettingAt.getTime(),
    takeoff_at: round.takeoffAt.getTime(),
    crash_at: phase === 'crashed' ? round.crashAt.getTime() : null,
    crash_point: phase === 'crashed' ? round.crashPoint : null,
    multiplier: phase === 'crashed' ? round.crashPoint : crashLiveMultiplierAt(nowMs - round.takeoffAt.getTime()),
  };
}

/** A cashed-out player as others see them: a tag unlinkable across rounds. */
function playerMask(roundId: number, userId: number): string {
  return `P-${createHash('sha256').update(`${roundId}:${userId}`).digest('hex').slice(0, 4).toUpperCase()}`;
}

async function brandWanted(deps: CrashLiveDeps, appKey: string, now: Date): Promise<void> {
  await deps.studio.db.execute(
    sql`insert into crash_live_brands (app_key, wanted_until) values (${appKey}, ${iso(new Date(now.getTime() + WANTED_MS))}::timestamptz)
        on conflict (app_key) do update set wanted_until = excluded.wanted_until where crash_live_brands.wanted_until < excluded.wanted_until - interval '30 seconds'`,
  );
}

async function chainOf(db: DbOrTx, appKey: string) {
  const [row] = await rowsOf<{ id: string; terminal_hash: string; salt: string }>(
    db,
    sql`select id::text, terminal_hash, salt from crash_live_chains where app_key = ${appKey} and next_index <= length order by id desc limit 1`,
  );
  return row;
}

async function crashSession(deps: CrashLiveDeps, token: string, forBet: boolean): Promise<StudioSession> {
  return studioSessionOf(deps.studio, token, { forBet, gameId: CRASH_LIVE_GAME });
}

/** `crash-live/state`: the round on screen at the server's clock, the player's bets, who cashed out. */
export async function crashLiveStateGet(deps: CrashLiveDeps, token: string) {
  const session = await crashSession(deps, token, false);
  const { db } = deps.studio;
  const now = deps.studio.now();
  const nowMs = now.getTime();
  const appKey = session.launch.appKey;
  await brandWanted(deps, appKey, now);
  const [round, next, chain, balance] = await Promise.all([
    roundOnScreen(db, appKey, now),
    roundNextOf(db, appKey, now),
    chainOf(db, appKey),
    walletBalanceOf(db, session.userId, session.currency),
  ]);
  const roundIds = [round?.id, next?.id].filter((id): id is number => id !== undefined);
  const mine =
    roundIds.length === 0 ? [] : await betsOf(db, sql`user_id = ${session.userId} and round_id in (${sql.join(roundIds, sql`, `)}) and status <> 'void'`);
  let cashouts: { player: string; cashout: number; win: number }[] = [];
  let players = 0;
  if (round) {
    const rows = await rowsOf<{ user_id: string; cashout: number | null; win: string; players: string }>(
      db,
      sql`select user_id::text, cashout, win::text, count(*) over ()::text as players from crash_live_bets
          where round_id = ${round.id} and status <> 'void' order by cashout desc nulls last limit 50`,
    );
    players = rows.length === 0 ? 0 : Number(rows[0]!.players);
    // Auto cash-outs the curve has not yet reached stay hidden: they would tell the crash point is at least there.
    const shownUpTo = phaseOf(round, nowMs) === 'crashed' ? Number.POSITIVE_INFINITY : crashLiveMultiplierAt(nowMs - round.takeoffAt.getTime());
    cashouts = rows
      .filter((row) => row.cashout !== null && row.cashout <= shownUpTo)
      .map((row) => ({ player: playerMask(round.id, Number(row.user_id)), cashout: row.cashout!, win: Number(row.win) }));
  }
  return {
    server_now: nowMs,
    growth_per_ms: CRASH_LIVE_GROWTH_PER_MS,
    currency: session.currency,
    balance,
    round: round ? roundView(round, nowMs) : null,
    next_round_id: next?.publicId ?? null,
    my_bets: mine.map((bet) => betView(bet, bet.roundId === round?.id ? round : next!)),
    cashouts,
    players,
    chain: { terminal_hash: chain?.terminal_hash ?? '', salt: chain?.salt ?? '' },
  };
}

function walletBase(bet: BetRow, round: RoundRow, token: string) {
  return { user: String(bet.userId), token, game_code: CRASH_LIVE_GAME, round: round.publicId, currency: bet.currency };
}

async function betStatusSet(db: DbOrTx, betId: number, from: BetRow['status'][], to: BetRow['status'], at: Date): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`update crash_live_bets set status = ${to}, settled_at = ${iso(at)}::timestamptz
        where id = ${betId} and status in (${sql.join(from, sql`, `)}) returning id`,
  );
  return rows.length === 1;
}

/** `crash-live/bet`: a bet for the next round to take off (one per player and round), with an optional auto target. */
export async function crashLiveBetPlace(deps: CrashLiveDeps, input: { token: string; bet: number; autoCashout: number | null }) {
  let session = await crashSession(deps, input.token, true);
  try {
    await roundGuard(deps.studio, session);
  } catch (error) {
    if (!(error instanceof AppError && error.errorName === 'REAUTH_REQUIRED')) throw error;
    session = await studioSessionOf(deps.studio, input.token, { forBet: true, gameId: CRASH_LIVE_GAME, fresh: true });
    await roundGuard(deps.studio, session);
  }
  saferMarketOpenCheck(session.launch.appKey);
  const info = casinoGameInfo(CRASH_LIVE_GAME);
  if (input.bet < info.betMinMinor || input.bet > info.betMaxMinor)
    throw new AppError('CASINO_BET_OUT_OF_LIMITS', { field: 'bet', issue: `${info.betMinMinor}-${info.betMaxMinor}` });
  const lawMin = saferMinStakeMinor(session.launch.appKey, session.currency);
  if (input.bet < lawMin) throw new AppError('SAFER_STAKE_BELOW_MIN', { field: 'bet', issue: `min_${lawMin}` });

  const { db } = deps.studio;
  const now = deps.studio.now();
  await brandWanted(deps, session.launch.appKey, now);
  const round = await roundNextOf(db, session.launch.appKey, now);
  if (!round) throw new AppError('CRASH_LIVE_NO_ROUND');
  // 1. The bet row, only while the round has not taken off (checked in the statement) and once per player and round.
  const [inserted] = await rowsOf<RawBet>(
    db,
    sql`insert into crash_live_bets (round_id, user_id, currency, stake, auto_cashout, status, created_at)
        select ${round.id}, ${session.userId}, ${session.currency}, ${input.bet}, ${input.autoCashout}::integer, 'pending', ${iso(now)}::timestamptz
        where exists (select 1 from crash_live_rounds where id = ${round.id} and takeoff_at > ${iso(now)}::timestamptz)
        on conflict (round_id, user_id) where status <> 'void' do nothing
        returning ${BET_COLUMNS}`,
  );
  if (!inserted) {
    const [existing] = await betsOf(db, sql`round_id = ${round.id} and user_id = ${session.userId} and status <> 'void'`);
    if (existing) throw new AppError('CRASH_LIVE_ALREADY_BET', { field: 'bet' });
    throw new AppError('CRASH_LIVE_NO_ROUND');
  }
  const bet = betOf(inserted);
  // 2. The stake, through the wallet on the shared round id.
  const response = await walletCall(deps.studio, 'bet', {
    ...walletBase(bet, round, input.token),
    transaction_uuid: txnBet(bet),
    amount: bet.stake,
    round_closed: false,
  });
  if (response.status !== 'RS_OK') {
    await betStatusSet(db, bet.id, ['pending'], 'void', deps.studio.now());
    if (response.status === 'RS_ERROR_NOT_ENOUGH_MONEY') throw new AppError('INSUFFICIENT_FUNDS', { field: 'bet' });
    if (response.status === 'RS_ERROR_TOKEN_EXPIRED' || response.status === 'RS_ERROR_INVALID_TOKEN')
      throw new AppError('CASINO_TOKEN_INVALID', { field: 'token' });
    throw new AppError('CASINO_WALLET_REFUSED', { issue: response.status });
  }
  // 3. In play.
  await rowsOf(db, sql`update crash_live_bets set status = 'placed' where id = ${bet.id} and status = 'pending' returning id`);
  deps.realtime?.publish(realtimeTopic.brand(session.launch.appKey), { type: 'crash_live', round_id: round.publicId, what: 'bet' });
  return { bet: betView({ ...bet, status: 'placed' }, round), balance: response.balance };
}

/** Pays a bet whose cash-out is decided (status cashed): the win call (idempotent by its id), then won. */
async function betPay(deps: CrashLiveDeps, bet: BetRow, round: RoundRow, token?: string): Promise<SeamlessResponse> {
  const response = await walletCall(deps.studio, 'win', {
    ...walletBase(bet, round, token ?? (await systemTokenOf(deps, bet))),
    transaction_uuid: txnWin(bet),
    reference_transaction_uuid: txnBet(bet),
    round_closed: true,
    amount: bet.win,
  });
  if (response.status !== 'RS_OK') throw new AppError('CASINO_WALLET_REFUSED', { issue: response.status });
  await betStatusSet(deps.studio.db, bet.id, ['cashed'], 'won', deps.studio.now());
  return response;
}

/** Decides a cash-out at `at` in one conditional statement: of any number of racing requests, one moves the bet. */
async function betCash(db: DbOrTx, bet: BetRow, cashout: number, at: Date): Promise<BetRow | undefined> {
  const [row] = await rowsOf<RawBet>(
    db,
    sql`update crash_live_bets set status = 'cashed', cashout = ${cashout}, win = ${crashLivePayMinor(bet.stake, cashout)}, cashed_at = ${iso(at)}::timestamptz
        where id = ${bet.id} and status = 'placed' returning ${BET_COLUMNS}`,
  );
  return row && betOf(row);
}

/**
 * `crash-live/cashout`: decided by this node's clock when the request is handled — m(now − take-off) if the round has
 * not crashed (or the auto target, if the curve already passed it), refused once it has.
 */
export async function crashLiveCashout(deps: CrashLiveDeps, input: { token: string; roundId: string }) {
  const session = await crashSession(deps, input.token, false);
  const at = deps.studio.now();
  const { db } = deps.studio;
  const round = await roundFind(db, sql`public_id = ${input.roundId} and app_key = ${session.launch.appKey}`);
  if (!round) throw new AppError('CRASH_LIVE_NO_BET', { field: 'round_id' });
  const [bet] = await betsOf(db, sql`round_id = ${round.id} and user_id = ${session.userId} and status <> 'void'`);
  if (!bet || bet.status === 'pending') throw new AppError('CRASH_LIVE_NO_BET', { field: 'round_id' });
  if (bet.status === 'cashed' || bet.status === 'won') throw new AppError('CRASH_LIVE_CASHED', { field: 'round_id' });
  if (bet.status === 'lost') throw new AppError('CRASH_LIVE_CRASHED', { field: 'round_id' });
  const decision = crashLiveCashoutAt(
    { takeoffMs: round.takeoffAt.getTime(), crashMs: round.crashAt.getTime(), point: round.crashPoint },
    at.getTime(),
    bet.autoCashout ?? undefined,
  );
  if ('refused' in decision) throw new AppError(decision.refused === 'early' ? 'CRASH_LIVE_NOT_FLYING' : 'CRASH_LIVE_CRASHED', { field: 'round_id' });
  const cashed = await betCash(db, bet, decision.at, at);
  if (!cashed) {
    const [now] = await betsOf(db, sql`id = ${bet.id}`);
    throw new AppError(now?.status === 'lost' ? 'CRASH_LIVE_CRASHED' : 'CRASH_LIVE_CASHED', { field: 'round_id' });
  }
  const response = await betPay(deps, cashed, round, input.token);
  deps.realtime?.publish(realtimeTopic.brand(round.appKey), { type: 'crash_live', round_id: round.publicId, what: 'cashout' });
  return { bet: betView({ ...cashed, status: 'won' }, round), server_at: at.getTime(), balance: response.balance };
}

/** `crash-live/history`: crashed rounds of the brand with their revealed seeds. */
export async function crashLiveHistoryGet(deps: CrashLiveDeps, token: string, limit: number) {
  const session = await crashSession(deps, token, false);
  const now = deps.studio.now();
  const rows = await rowsOf<RawRound & { terminal_hash: string; salt: string; length: number; secret: string }>(
    deps.studio.db,
    sql`select r.id::text, r.public_id, r.app_key, r.seq::text, r.chain_id::text, r.chain_index, r.seed, r.crash_point::text, r.betting_at, r.takeoff_at,
          r.crash_at, r.settled_at, c.terminal_hash, c.salt
        from crash_live_rounds r join crash_live_chains c on c.id = r.chain_id
        where r.app_key = ${session.launch.appKey} and r.crash_at <= ${iso(now)}::timestamptz order by r.crash_at desc, r.id desc limit ${limit}`,
  );
  return {
    list: rows.map((row) => {
      const round = roundOf(row);
      return {
        round_id: round.publicId,
        seq: round.seq,
        crash_point: round.crashPoint,
        takeoff_at: round.takeoffAt.getTime(),
        chain_index: round.chainIndex,
        seed: round.seed,
        previous_hash: createHash('sha256').update(round.seed).digest('hex'),
        salt: row.salt,
        terminal_hash: row.terminal_hash,
      };
    }),
  };
}

/* The leader's job: schedule, pay auto cash-outs, close crashed rounds, recover. */

/** A game session for the job's own wallet calls (win and rollback check no expiry), like the studio's recovery. */
async function systemTokenOf(deps: CrashLiveDeps, bet: BetRow): Promise<string> {
  const token = studioTokenNew();
  await casinoSessionInsert(deps.studio.db, {
    tokenHash: tokenHashOf(token),
    userId: bet.userId,
    platform: HOUSE,
    gameId: CRASH_LIVE_GAME,
    currency: bet.currency,
    expiresAt: deps.studio.now(),
  });
  return token;
}

async function chainTake(deps: CrashLiveDeps, tx: DbOrTx, appKey: string, now: Date) {
  const take = () =>
    rowsOf<{ id: string; secret: string; salt: string; length: number; index: number }>(
      tx,
      sql`update crash_live_chains set next_index = next_index + 1
          where id = (select id from crash_live_chains where app_key = ${appKey} and next_index <= length order by id desc limit 1)
          returning id::text, secret, salt, length, next_index - 1 as index`,
    );
  let [taken] = await take();
  if (!taken) {
    const secret = deps.testChainSecret ?? randomBytes(32).toString('hex');
    const salt = randomBytes(16).toString('hex');
    await tx.execute(
      sql`insert into crash_live_chains (app_key, secret, terminal_hash, salt, length, created_at)
          values (${appKey}, ${secret}, ${crashChainTerminal(secret, CRASH_LIVE_CHAIN_LENGTH)}, ${deps.testChainSecret ? 'piranha-test-salt' : salt},
            ${CRASH_LIVE_CHAIN_LENGTH}, ${iso(now)}::timestamptz)`,
    );
    [taken] = await take();
  }
  return taken!;
}

/**
 * Writes the brand's next round when the last one has taken off (or there is none): betting opens after the last
 * crash and a pause (or now), take-off follows the betting phase. Unique by (brand, seq): two leaders for a moment
 * cannot write two.
 */
async function roundSchedule(deps: CrashLiveDeps, appKey: string, now: Date): Promise<RoundRow | undefined> {
  const { db } = deps.studio;
  const last = await roundFind(db, sql`app_key = ${appKey} order by crash_live_rounds.seq desc`);
  if (last && last.takeoffAt.getTime() > now.getTime()) return undefined;
  const bettingMs = deps.bettingMs ?? CRASH_LIVE_BETTING_MS;
  const pauseMs = deps.pauseMs ?? CRASH_LIVE_PAUSE_MS;
  const bettingAt = new Date(Math.max(now.getTime(), last ? last.crashAt.getTime() + pauseMs : 0));
  const takeoffAt = new Date(bettingAt.getTime() + bettingMs);
  return transaction(db, async (tx) => {
    const chain = await chainTake(deps, tx, appKey, now);
    const seed = crashChainSeed(chain.secret, Number(chain.length), Number(chain.index));
    const point = crashLivePoint(seed, chain.salt);
    const crashAt = new Date(takeoffAt.getTime() + crashLiveFlightMs(point));
    const [row] = await rowsOf<RawRound>(
      tx,
      sql`insert into crash_live_rounds (public_id, app_key, seq, chain_id, chain_index, seed, crash_point, betting_at, takeoff_at, crash_at, created_at)
          values (${`c${randomBytes(10).toString('hex')}`}, ${appKey}, ${(last?.seq ?? 0) + 1}, ${chain.id}::bigint, ${chain.index}, ${seed}, ${point},
            ${iso(bettingAt)}::timestamptz, ${iso(takeoffAt)}::timestamptz, ${iso(crashAt)}::timestamptz, ${iso(now)}::timestamptz)
          on conflict do nothing returning ${ROUND_COLUMNS}`,
    );
    if (!row) throw new AppError('DUPLICATE_REQUEST');
    return roundOf(row);
  }).catch((error: unknown) => {
    if (error instanceof AppError && error.errorName === 'DUPLICATE_REQUEST') return undefined;
    throw error;
  });
}

/** Finishes a bet whose process died between its row and the wallet: in play if the stake arrived, else rolled back. */
async function betRecover(deps: CrashLiveDeps, bet: BetRow, round: RoundRow): Promise<void> {
  const txn = await walletTxnFind(deps.studio.db, HOUSE, txnBet(bet));
  if (txn && txn.requestHash !== null && txn.state !== 'rolled_back') {
    await rowsOf(deps.studio.db, sql`update crash_live_bets set status = 'placed' where id = ${bet.id} and status = 'pending' returning id`);
    return;
  }
  const { currency: _currency, ...base } = walletBase(bet, round, await systemTokenOf(deps, bet));
  const response = await walletCall(deps.studio, 'rollback', {
    ...base,
    transaction_uuid: `crash-live:${bet.id}:rollback`,
    reference_transaction_uuid: txnBet(bet),
  });
  if (response.status !== 'RS_OK') {
    deps.studio.log?.(`crash live recovery: rollback of bet ${bet.id} answered ${response.status}`);
    return;
  }
  await betStatusSet(deps.studio.db, bet.id, ['pending'], 'void', deps.studio.now());
}

/**
 * One pass over a round that has taken off: auto cash-outs the curve has passed are decided and paid; once it has
 * crashed, the other bets lose (a win of 0 closes them at the wallet) and the round is settled. Idempotent.
 */
async function roundAdvance(deps: CrashLiveDeps, round: RoundRow, now: Date): Promise<void> {
  const { db } = deps.studio;
  const nowMs = now.getTime();
  const crashed = nowMs >= round.crashAt.getTime();
  const reached = crashed ? round.crashPoint : crashLiveMultiplierAt(nowMs - round.takeoffAt.getTime());
  const bets = await betsOf(db, sql`round_id = ${round.id} and status in ('pending', 'placed', 'cashed')`);
  for (const bet of bets) {
    if (bet.status === 'pending') {
      if (nowMs - bet.createdAt.getTime() >= BET_RECOVERY_GRACE_MS) await betRecover(deps, bet, round);
      continue;
    }
    if (bet.status === 'placed' && bet.autoCashout !== null && bet.autoCashout <= reached && bet.autoCashout <= round.crashPoint) {
      const at = new Date(round.takeoffAt.getTime() + crashLiveMsToReach(bet.autoCashout));
      const cashed = await betCash(db, bet, bet.autoCashout, at);
      if (cashed) await betPay(deps, cashed, round);
      continue;
    }
    if (bet.status === 'cashed') {
      await betPay(deps, bet, round);
      continue;
    }
    if (crashed && bet.status === 'placed') {
      // The wallet's bet is closed with a win of 0 first (idempotent by its id), then the row: a crash in between
      // leaves it placed, and the next pass closes it again. Nobody can cash it out meanwhile: it has crashed.
      const response = await walletCall(deps.studio, 'win', {
        ...walletBase(bet, round, await systemTokenOf(deps, bet)),
        transaction_uuid: txnWin(bet),
        reference_transaction_uuid: txnBet(bet),
        round_closed: true,
        amount: 0,
      });
      if (response.status !== 'RS_OK') deps.studio.log?.(`crash live: closing bet ${bet.id} answered ${response.status}`);
      else await betStatusSet(db, bet.id, ['placed'], 'lost', now);
    }
  }
  if (crashed) {
    const open = await betsOf(db, sql`round_id = ${round.id} and status in ('pending', 'placed', 'cashed')`);
    if (open.length === 0)
      await db.execute(sql`update crash_live_rounds set settled_at = ${iso(now)}::timestamptz where id = ${round.id} and settled_at is null`);
  }
}

/** Phases this node last told the brand about, so each change is pushed once per node (a new leader may repeat one). */
const told = new WeakMap<object, Map<string, string>>();

function tell(deps: CrashLiveDeps, round: RoundRow, nowMs: number): void {
  if (!deps.realtime) return;
  let map = told.get(deps);
  if (!map) told.set(deps, (map = new Map()));
  const phase = phaseOf(round, nowMs);
  if (map.get(round.publicId) === phase) return;
  map.set(round.publicId, phase);
  if (map.size > 1000) map.delete(map.keys().next().value!);
  deps.realtime.publish(realtimeTopic.brand(round.appKey), { type: 'crash_live', round_id: round.publicId, what: phase });
}

/** The `crash-live` job's pass: schedule the wanted brands' next rounds, advance every unsettled round that took off. */
export async function crashLiveTick(deps: CrashLiveDeps): Promise<void> {
  const { db } = deps.studio;
  const now = deps.studio.now();
  const brands = await rowsOf<{ app_key: string }>(db, sql`select app_key from crash_live_brands where wanted_until > ${iso(now)}::timestamptz`);
  for (const { app_key: appKey } of brands) {
    const made = await roundSchedule(deps, appKey, now);
    if (made) tell(deps, made, now.getTime());
  }
  const rounds = (
    await rowsOf<RawRound>(
      db,
      sql`select ${ROUND_COLUMNS} from crash_live_rounds where settled_at is null and betting_at <= ${iso(now)}::timestamptz order by crash_live_rounds.id limit 200`,
    )
  ).map(roundOf);
  for (const round of rounds) {
    tell(deps, round, now.getTime());
    if (round.takeoffAt.getTime() <= now.getTime()) await roundAdvance(deps, round, now);
  }
}

export function crashLiveJobSpec(deps: CrashLiveDeps, everyMs = 250): JobSpec {
  return { name: CRASH_LIVE_JOB, scope: 'leader', everyMs, atStart: 'soon', quiet: true, run: () => crashLiveTick(deps) };
}
