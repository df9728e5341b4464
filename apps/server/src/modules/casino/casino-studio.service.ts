import { saferMarketOpenCheck, saferMinStakeMinor, saferStakeRefusal } from '../safer-play/safer-play.service.ts';
import { createHmac, randomBytes } from 'node:crypto';
import { verifyUrlBuild, type FairState, type RoundView, type SeamlessResponse, type SeamlessWalletCall, type StudioAction } from '@piranha/contract';
import {
  BLACKJACK_ACTIONS,
  CASINO_MULTI_STEP_GAMES,
  blackjackActionStakeMinor,
  blackjackApply,
  blackjackLegal,
  blackjackReplay,
  blackjackStakedMinor,
  blackjackView,
  casinoGameInfo,
  casinoOutcomeFinished,
  casinoParamsParse,
  casinoPlay,
  casinoStakeValid,
  casinoWinMinor,
  fairFloatStream,
  fairSeedHash,
  isHouseGameId,
  isSlotGame,
  minesState,
  TOWER_SETUPS,
  towerState,
  hiloActionRefusal,
  hiloState,
  videoPokerState,
  type BlackjackAction,
  type BlackjackOutcome,
  type CasinoOutcome,
  type CasinoParams,
  type HouseGameId,
} from '@piranha/domain';
import { AppError } from '../../app-error.ts';
import { IdempotencyKeyTaken } from '../../plugins/idempotency.ts';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { groupStatement, groupTransaction } from '../../db/group-commit.ts';
import { transaction } from '../../db/transaction.ts';
import type { ClaimInTransaction } from '../../plugins/route.ts';
import { SESSION_RECENT_MS } from '../session/session.service.ts';
import { walletBalanceOf, walletTxnFind } from './casino-wallet.repository.ts';
import { seamlessHandle, seamlessSign, tokenHashOf, type SeamlessWalletDeps } from './casino-wallet.service.ts';
import {
  casinoSessionInsert,
  casinoTokenRead,
  freeRoundAvailable,
  freeRoundGiveBack,
  freeRoundTake,
  freeRoundWinAdd,
  roundByPublicId,
  roundInsert,
  roundInsertWithNonce,
  roundOpenOf,
  roundsOfUser,
  roundsPendingBefore,
  roundUpdate,
  seedActive,
  seedActiveForUpdate,
  seedClientSet,
  seedInsert,
  seedNonceTake,
  seedReveal,
  seedsByIds,
  roundSettleOnce,
  type RoundRow,
  type SeedRow,
  type TokenRow,
} from './casino.repository.ts';

/**
 * The house studio (provider key `house`): plays provably fair rounds and moves money only through the
 * seamless wallet, signed like any outside studio. A round is written with its outcome (status pending)
 * before any money moves, then the bet, then the win; if the process dies in between, recovery completes
 * it to the committed outcome or rolls the bet back (GLI-19 §4.16).
 */
export const HOUSE = 'house';
/** A pending round younger than this may still be in flight; recovery leaves it alone. */
export const ROUND_RECOVERY_GRACE_MS = 30_000;

export interface StudioDeps {
  db: Db;
  now: () => Date;
  wallet: SeamlessWalletDeps;
  /**
   * Test seam for "the process died here": called after the outcome is stored and after the bet is taken;
   * a throw leaves the round exactly as a crash would. Unset in production.
   */
  faults?: { afterOutcome?: () => void; afterBet?: () => void };
  /** Where recovery reports rounds it could not finish. */
  log?: (message: string) => void;
}

const nodeHmac = (key: Uint8Array, message: string) => createHmac('sha256', key).update(message).digest();

export function studioTokenNew(): string {
  return randomBytes(32).toString('base64url');
}

function publicIdNew(): string {
  return `r${randomBytes(12).toString('hex')}`;
}

/** Calls our own seamless wallet exactly as an outside studio would: signed raw JSON. */
export async function walletCall(deps: StudioDeps, call: SeamlessWalletCall, body: Record<string, unknown>): Promise<SeamlessResponse> {
  const raw = JSON.stringify({ request_uuid: randomBytes(8).toString('hex'), ...body });
  const secret = deps.wallet.partners.get(HOUSE)!;
  return seamlessHandle(deps.wallet, call, HOUSE, seamlessSign(secret, raw), raw);
}

export interface StudioSession {
  userId: number;
  gameId: HouseGameId;
  currency: string;
  token: string;
  /** The player's session that launched the game, as read at most SESSION_RECENT_MS ago. */
  launch: { sessionId: number; activeAt: Date | undefined; appKey: string };
}

/** A token's row, remembered up to `maxAgeMs` (casinoTokenRead: the wallet checks the session again when it takes the stake). */
async function studioTokenRead(deps: StudioDeps, tokenHash: string, maxAgeMs: number): Promise<TokenRow | undefined> {
  return (await casinoTokenRead(deps.db, tokenHash, deps.now(), maxAgeMs)).row;
}

/** The player a house game token belongs to, whatever became of its session since; CASINO_TOKEN_INVALID for none. */
export async function studioTokenOwner(deps: StudioDeps, token: string): Promise<number> {
  const row = await studioTokenRead(deps, tokenHashOf(token), Number.POSITIVE_INFINITY);
  if (!row || row.platform !== HOUSE) throw new AppError('CASINO_TOKEN_INVALID', { field: 'token' });
  return row.userId;
}

/**
 * The game session behind a token: unknown, foreign, ended (its launching session logged out, ended, expired or its
 * account closed) or, for new bets, expired tokens are refused. A closed account is also refused by the wallet.
 */
export async function studioSessionOf(deps: StudioDeps, token: string, options: { forBet: boolean; gameId?: string; fresh?: boolean }): Promise<StudioSession> {
  const session = await studioTokenRead(deps, tokenHashOf(token), options.fresh ? 0 : SESSION_RECENT_MS);
  if (!session || session.platform !== HOUSE) throw new AppError('CASINO_TOKEN_INVALID', { field: 'token' });
  if (!session.sessionLive || session.sessionId === null) throw new AppError('CASINO_TOKEN_INVALID', { field: 'token', issue: 'session_ended' });
  if (options.forBet && session.expiresAt.getTime() <= deps.now().getTime()) throw new AppError('CASINO_TOKEN_INVALID', { field: 'token', issue: 'expired' });
  if (session.gameId === null || !isHouseGameId(session.gameId)) throw new AppError('CASINO_TOKEN_INVALID', { field: 'token', issue: 'not_a_game_session' });
  if (options.gameId !== undefined && options.gameId !== session.gameId) throw new AppError('CASINO_TOKEN_INVALID', { field: 'game_id', issue: 'other_game' });
  return {
    userId: session.userId,
    gameId: session.gameId,
    currency: session.currency,
    token,
    launch: { sessionId: session.sessionId, activeAt: session.activeAt ?? undefined, appKey: session.appKey },
  };
}

type SeedKnown = Pick<SeedRow, 'id' | 'serverSeed' | 'serverSeedHash' | 'clientSeed' | 'nonce'>;
/** Each player's active seed with its next nonce, as this process last saw it: only a guess, checked by the write. */
const seedsKnown = new WeakMap<Db, Map<number, SeedKnown>>();
const SEEDS_KNOWN_MAX = 10_000;

function seedKnownOf(db: Db, userId: number): SeedKnown | undefined {
  return seedsKnown.get(db)?.get(userId);
}

function seedRemember(db: Db, userId: number, seed: SeedKnown): void {
  let seeds = seedsKnown.get(db);
  if (!seeds) seedsKnown.set(db, (seeds = new Map()));
  seeds.delete(userId);
  if (seeds.size >= SEEDS_KNOWN_MAX) seeds.delete(seeds.keys().next().value!);
  const { id, serverSeed, serverSeedHash, clientSeed, nonce } = seed;
  seeds.set(userId, { id, serverSeed, serverSeedHash, clientSeed, nonce });
}

async function seedEnsure(tx: DbOrTx, userId: number, forUpdate: boolean): Promise<SeedRow> {
  const found = forUpdate ? await seedActiveForUpdate(tx, userId) : await seedActive(tx, userId);
  if (found) return found;
  const serverSeed = randomBytes(32).toString('hex');
  await seedInsert(tx, { userId, serverSeed, serverSeedHash: fairSeedHash(serverSeed), clientSeed: randomBytes(8).toString('hex'), nonce: 0, active: true });
  return (forUpdate ? await seedActiveForUpdate(tx, userId) : await seedActive(tx, userId))!;
}

export async function fairStateOf(deps: StudioDeps, userId: number): Promise<FairState> {
  const seed = await transaction(deps.db, (tx) => seedEnsure(tx, userId, false));
  return { server_seed_hash: seed.serverSeedHash, client_seed: seed.clientSeed, nonce: seed.nonce };
}

export async function fairClientSeedSet(deps: StudioDeps, userId: number, clientSeed: string): Promise<FairState> {
  return transaction(deps.db, async (tx) => {
    const seed = await seedEnsure(tx, userId, true);
    await seedClientSet(tx, seed.id, clientSeed);
    return { server_seed_hash: seed.serverSeedHash, client_seed: clientSeed, nonce: seed.nonce };
  });
}

/** Reveals the current server seed and commits to a new one (nonce 0). Refused while a round is open: its mines would show. */
export async function fairSeedRotate(deps: StudioDeps, userId: number, clientSeed: string | undefined) {
  return transaction(deps.db, async (tx) => {
    const seed = await seedEnsure(tx, userId, true);
    const open = await tx.query.casinoRounds.findFirst({
      where: (rounds, { and, eq, inArray }) => and(eq(rounds.userId, userId), eq(rounds.seedId, seed.id), inArray(rounds.status, ['open', 'pending'])),
    });
    if (open) throw new AppError('CASINO_ROUND_OPEN', { field: 'round_id', issue: open.publicId });
    await seedReveal(tx, seed.id, deps.now());
    const serverSeed = randomBytes(32).toString('hex');
    const next = { userId, serverSeed, serverSeedHash: fairSeedHash(serverSeed), clientSeed: clientSeed ?? seed.clientSeed, nonce: 0, active: true };
    await seedInsert(tx, next);
    return {
      previous: { server_seed: seed.serverSeed, server_seed_hash: seed.serverSeedHash, client_seed: seed.clientSeed, nonce: seed.nonce },
      current: { server_seed_hash: next.serverSeedHash, client_seed: next.clientSeed, nonce: 0 },
    };
  });
}

/** A stored round as the API shows it: mines stay hidden while open, the server seed only once revealed. */
export async function roundViews(db: DbOrTx, rows: RoundRow[], seedsActive = false): Promise<RoundView[]> {
  const seeds = seedsActive ? new Map<number, SeedRow>() : await seedsByIds(db, [...new Set(rows.map((row) => row.seedId))]);
  return rows.map((row) => {
    const seed = seeds.get(row.seedId);
    const revealed = seed !== undefined && !seed.active;
    const status = row.status === 'pending' ? 'open' : (row.status as RoundView['status']);
    return {
      round_id: row.publicId,
      game_platform: HOUSE,
      game_id: row.gameId,
      status,
      currency: row.currency,
      // Blackjack: everything staked on the round (doubles, splits and insurance add to the first stake).
      bet: row.freeRoundId !== null ? 0 : row.gameId === 'blackjack' ? blackjackStakedMinor(row.outcome as BlackjackOutcome, row.stake) : row.stake,
      win: row.win,
      balance_before: row.balanceBefore ?? 0,
      balance_after: row.balanceAfter ?? row.balanceBefore ?? 0,
      free_round: row.freeRoundId === null ? 0 : 1,
      params: row.params as CasinoParams,
      outcome: row.outcome as CasinoOutcome,
      created_at: row.createdAt.getTime(),
      settled_at: row.settledAt?.getTime() ?? 0,
      proof: {
        server_seed_hash: row.serverSeedHash,
        server_seed: revealed ? seed.serverSeed : '',
        client_seed: row.clientSeed,
        nonce: row.nonce,
        revealed: revealed ? 1 : 0,
        verify_url: verifyUrlBuild(row.publicId),
      },
    };
  });
}

/** `seedActive`: the caller knows the round's seed is still secret (it was just played), which saves a query. */
async function roundView(db: DbOrTx, row: RoundRow, seedActive = false): Promise<RoundView> {
  return (await roundViews(db, [row], seedActive))[0]!;
}

function walletRefusal(response: SeamlessResponse): AppError {
  if (response.status === 'RS_ERROR_NOT_ENOUGH_MONEY') return new AppError('INSUFFICIENT_FUNDS', { field: 'bet' });
  if (response.status === 'RS_ERROR_TOKEN_EXPIRED' || response.status === 'RS_ERROR_INVALID_TOKEN')
    return new AppError('CASINO_TOKEN_INVALID', { field: 'token' });
  return new AppError('CASINO_WALLET_REFUSED', { issue: response.status });
}

function walletBase(row: RoundRow, token: string) {
  return { user: String(row.userId), token, game_code: row.gameId, round: row.publicId, currency: row.currency };
}

/**
 * Pays (or closes with 0) a round whose outcome is final, then marks it settled. Idempotent: the win id is
 * fixed, and only the first settle of a round counts its free-round win.
 */
async function roundSettle(deps: StudioDeps, row: RoundRow, token: string, balanceBefore: number | null = row.balanceBefore): Promise<RoundRow> {
  const response = await walletCall(deps, 'win', {
    ...walletBase(row, token),
    transaction_uuid: `${row.publicId}:win`,
    reference_transaction_uuid: `${row.publicId}:bet`,
    round_closed: true,
    amount: row.win,
  });
  if (response.status === 'RS_ERROR_TRANSACTION_ROLLED_BACK') return roundUpdate(deps.db, row.id, { status: 'refunded', settledAt: deps.now() }, deps.now());
  if (response.status !== 'RS_OK') throw walletRefusal(response);
  return roundSettled(deps, row, balanceBefore, response.balance);
}

/** Marks the round settled once (a conditional update); counts a free round's win with it. */
async function roundSettled(deps: StudioDeps, row: RoundRow, balanceBefore: number | null, balanceAfter: number): Promise<RoundRow> {
  const settle = async (tx: DbOrTx) => {
    const updated = await roundSettleOnce(tx, row, { balanceBefore, balanceAfter, at: deps.now() });
    if (updated && row.freeRoundId !== null && row.win > 0) await freeRoundWinAdd(tx, row.freeRoundId, row.win);
    return updated ?? (await roundByPublicId(tx, row.userId, row.publicId))!;
  };
  // Batched with the money writes beside it (decision 074): one statement, or a transaction with a free round's win.
  return row.freeRoundId !== null && row.win > 0 ? groupTransaction(deps.db, settle, row.userId) : groupStatement(deps.db, settle, row.userId);
}

/** Marks a round void (no money moved) and gives back its free round. */
async function roundVoid(deps: StudioDeps, row: RoundRow, status: 'void' | 'refunded'): Promise<void> {
  await transaction(deps.db, async (tx) => {
    await roundUpdate(tx, row.id, { status, settledAt: deps.now() }, deps.now());
    if (row.freeRoundId !== null) await freeRoundGiveBack(tx, row.freeRoundId);
  });
}

/** The idle rule for money actions (modules/account/README.md) for the session that launched the game. */
export async function roundGuard(deps: StudioDeps, session: StudioSession): Promise<void> {
  const { sessionId, activeAt, appKey } = session.launch;
  await deps.wallet.moneyActionGuard(deps.db, { user: { uid: session.userId, sessionId, appKey, ...(activeAt ? { activeAt } : {}) }, appKey }, deps.now());
}

export interface RoundPlayInput {
  token: string;
  gameId: string;
  bet: number;
  params: unknown;
  freeRound: boolean;
}

/**
 * Plays one round. With `claim` (the request's Idempotency-Key, decision 016) the key is claimed in flight in the
 * statement or transaction that writes the round, naming it: if this process dies before answering, a retry of the
 * key finishes that round (studioRoundResume) instead of playing another.
 */
export async function studioRoundPlay(deps: StudioDeps, input: RoundPlayInput, claim?: ClaimInTransaction): Promise<RoundView> {
  if (!isHouseGameId(input.gameId)) throw new AppError('CASINO_GAME_UNKNOWN', { field: 'game_id' });
  let session = await studioSessionOf(deps, input.token, { forBet: true, gameId: input.gameId });
  // A round is a money action: the session that launched the game must not have sat idle past the brand's limit.
  // A remembered read may predate the player's return (a heartbeat): it is read again before they are refused.
  try {
    await roundGuard(deps, session);
  } catch (error) {
    if (!(error instanceof AppError && error.errorName === 'REAUTH_REQUIRED')) throw error;
    session = await studioSessionOf(deps, input.token, { forBet: true, gameId: input.gameId, fresh: true });
    await roundGuard(deps, session);
  }
  const gameId = session.gameId;
  const params = casinoParamsParse(gameId, input.params);
  if (!params) throw new AppError('CASINO_PARAMS_INVALID', { field: 'params' });

  // No round on a closed market's brand (decision 049), free rounds included.
  saferMarketOpenCheck(session.launch.appKey);
  let freeRoundId: number | null = null;
  // A grant paying into bonus money: the wallet credits no cash for its wins (decision 043).
  let freeWinToBonus = false;
  if (input.freeRound) {
    const grant = isSlotGame(gameId) ? await freeRoundAvailable(deps.db, session.userId, gameId, deps.now()) : undefined;
    if (!grant || grant.currency !== session.currency) throw new AppError('CASINO_FREE_ROUNDS_NONE', { field: 'free_round' });
    if (input.bet !== grant.stake) throw new AppError('CASINO_BET_OUT_OF_LIMITS', { field: 'bet', issue: 'free_round_stake' });
    freeRoundId = grant.id;
    freeWinToBonus = grant.winTo === 'bonus';
  } else if (!casinoStakeValid(gameId, params, input.bet)) {
    const info = casinoGameInfo(gameId);
    throw new AppError('CASINO_BET_OUT_OF_LIMITS', { field: 'bet', issue: `${info.betMinMinor}-${info.betMaxMinor}` });
  } else {
    // The law's minimum stake per round (Kenya KES 20, decision 037), above the game's own where it is higher.
    const lawMin = saferMinStakeMinor(session.launch.appKey, session.currency);
    if (input.bet < lawMin) throw new AppError('SAFER_STAKE_BELOW_MIN', { field: 'bet', issue: `min_${lawMin}` });
  }

  // 1. Fix the outcome: take the nonce and write the round before any money moves.
  const publicId = publicIdNew();
  const roundOf = (seed: Pick<SeedRow, 'id' | 'serverSeed' | 'serverSeedHash' | 'clientSeed' | 'nonce'>) => {
    const played = casinoPlay(gameId, params, fairFloatStream(seed.serverSeed, seed.clientSeed, seed.nonce, nodeHmac));
    const at = deps.now();
    return {
      publicId,
      userId: session.userId,
      platform: HOUSE,
      gameId,
      currency: session.currency,
      stake: input.bet,
      win: casinoWinMinor(played.outcome, input.bet),
      status: 'pending',
      params,
      outcome: played.outcome,
      secret: played.minePositions
        ? { minePositions: played.minePositions }
        : played.towerTraps
          ? { towerTraps: played.towerTraps }
          : played.cards
            ? { cards: played.cards }
            : played.shoe
              ? { shoe: played.shoe }
              : null,
      seedId: seed.id,
      nonce: seed.nonce,
      clientSeed: seed.clientSeed,
      serverSeedHash: seed.serverSeedHash,
      freeRoundId,
      createdAt: at,
      updatedAt: at,
    };
  };
  // Fast path: the seed as this process last left it; one statement takes exactly that nonce and writes the round,
  // or writes nothing when the seed moved on (another node or tab, a rotation, a new client seed).
  // With a key, the same statement claims it (naming this round): the key commits with the round or not at all.
  const multiStep = CASINO_MULTI_STEP_GAMES.includes(gameId);
  const known = freeRoundId === null && !multiStep ? seedKnownOf(deps.db, session.userId) : undefined;
  // The statement commits with whatever money writes arrive beside it (decision 074).
  const fast = known
    ? await groupStatement(
        deps.db,
        (db) =>
          roundInsertWithNonce(
            db,
            { seedId: known.id, nonce: known.nonce, clientSeed: known.clientSeed },
            roundOf(known),
            claim?.insertSql(sql`${publicId}::text`),
          ),
        session.userId,
      )
    : undefined;
  if (fast && 'keyTaken' in fast) throw new IdempotencyKeyTaken();
  let row = fast && 'row' in fast ? fast.row : undefined;
  if (row) seedRemember(deps.db, session.userId, { ...known!, nonce: row.nonce + 1 });
  row ??= await transaction(deps.db, async (tx) => {
    // The key first: a twin request waits here for the first one's round, then finds the key taken.
    await claim?.write(tx, publicId);
    let seed = await seedNonceTake(tx, session.userId);
    if (!seed) {
      await seedEnsure(tx, session.userId, false);
      seed = (await seedNonceTake(tx, session.userId))!;
    }
    if (multiStep) {
      const open = await roundOpenOf(tx, session.userId, gameId);
      if (open) throw new AppError('CASINO_ROUND_OPEN', { field: 'round_id', issue: open.publicId });
    }
    if (freeRoundId !== null && !(await freeRoundTake(tx, freeRoundId))) throw new AppError('CASINO_FREE_ROUNDS_NONE', { field: 'free_round' });
    const inserted = await roundInsert(tx, roundOf(seed));
    seedRemember(deps.db, session.userId, { ...seed, nonce: seed.nonce + 1 });
    return inserted;
  });

  deps.faults?.afterOutcome?.();
  // 2. The stake, through the wallet.
  const free = freeRoundId !== null;
  const outcome = row.outcome as CasinoOutcome;
  const finished = casinoOutcomeFinished(outcome);
  // A finished round that pays nothing is closed by its bet (Hub88's round_closed): no zero win is needed;
  // one that pays sends its bet and win in one batched wallet call (one wallet transaction).
  const betWin = finished && row.win > 0;
  const bet = await walletCall(deps, betWin ? 'bet_win' : 'bet', {
    ...walletBase(row, session.token),
    transaction_uuid: `${row.publicId}:bet`,
    round_closed: finished,
    amount: free ? 0 : input.bet,
    ...(free ? { is_free: true } : {}),
    ...(betWin ? { win_transaction_uuid: `${row.publicId}:win`, win_amount: row.win } : {}),
  });
  if (bet.status !== 'RS_OK') {
    await roundVoid(deps, row, 'void');
    // The player's own limit or block: say which, and when it resets (decision 027).
    if (bet.status === 'RS_ERROR_LIMIT_REACHED' || bet.status === 'RS_ERROR_USER_DISABLED')
      throw await saferStakeRefusal(deps.db, session.userId, undefined, row.currency, input.bet, deps.now());
    throw walletRefusal(bet);
  }
  deps.faults?.afterBet?.();
  const balanceBefore = bet.balance + (free ? 0 : input.bet) - (betWin && !freeWinToBonus ? row.win : 0);
  if (!finished) {
    const opened = await roundUpdate(deps.db, row.id, { status: 'open', balanceBefore, balanceAfter: bet.balance }, deps.now());
    return roundView(deps.db, opened, true);
  }
  return roundView(deps.db, await roundSettled(deps, row, balanceBefore, bet.balance), true);
}

export interface RoundActionInput {
  token: string;
  roundId: string;
  action: StudioAction;
  tile?: number | undefined;
  door?: number | undefined;
  holds?: number | undefined;
  /** Blackjack: the hand the step is for; when given it must be the hand in play. */
  hand?: number | undefined;
}

function isBlackjackAction(action: StudioAction): action is BlackjackAction {
  return (BLACKJACK_ACTIONS as readonly string[]).includes(action);
}

/** The state an open round moves to on `input`'s move, or the error that refuses the move (nothing is written). */
function roundActionNext(round: RoundRow, input: RoundActionInput): CasinoOutcome {
  const state = round.outcome as CasinoOutcome;
  const refuse = () => new AppError('CASINO_ACTION_INVALID', { field: 'action', issue: `${input.action}_in_${round.gameId}` });
  switch (state.kind) {
    case 'mines': {
      const positions = (round.secret as { minePositions: number[] }).minePositions;
      if (input.action === 'reveal') {
        if (input.tile === undefined || state.revealed.includes(input.tile)) throw new AppError('CASINO_PARAMS_INVALID', { field: 'tile' });
        return minesState(state.mines, positions, [...state.revealed, input.tile], false);
      }
      if (input.action !== 'cashout') throw refuse();
      if (state.revealed.length === 0) throw new AppError('CASINO_PARAMS_INVALID', { field: 'action', issue: 'reveal_first' });
      return minesState(state.mines, positions, state.revealed, true);
    }
    case 'tower': {
      const traps = (round.secret as { towerTraps: number[][] }).towerTraps;
      if (input.action === 'pick') {
        const door = input.door;
        if (door === undefined || door >= TOWER_SETUPS[state.difficulty].doors) throw new AppError('CASINO_PARAMS_INVALID', { field: 'door' });
        return towerState(state.difficulty, traps, [...state.picks, door], false);
      }
      if (input.action !== 'cashout') throw refuse();
      if (state.picks.length === 0) throw new AppError('CASINO_PARAMS_INVALID', { field: 'action', issue: 'pick_first' });
      return towerState(state.difficulty, traps, state.picks, true);
    }
    case 'video-poker': {
      if (input.action !== 'draw') throw refuse();
      if (input.holds === undefined) throw new AppError('VPOKER_HOLDS_REQUIRED', { field: 'holds' });
      return videoPokerState(state.dealt, (round.secret as { cards: number[] }).cards, input.holds);
    }
    case 'hilo': {
      const action = input.action;
      if (action !== 'higher' && action !== 'lower' && action !== 'skip' && action !== 'cashout') throw refuse();
      const refusal = hiloActionRefusal(state, action);
      if (refusal === 'cashout_first_guess') throw new AppError('HILO_GUESS_FIRST', { field: 'action' });
      if (refusal !== null) throw new AppError('HILO_SKIPS_USED', { field: 'action', issue: refusal });
      const cards = (round.secret as { cards: number[] }).cards;
      return action === 'cashout' ? hiloState(cards, state.guesses, true) : hiloState(cards, [...state.guesses, action], false);
    }
    case 'blackjack': {
      // The state after the step; a step that takes a stake (double, split, insurance) is staged around its bet by
      // blackjackAction, which checks it here first.
      const action = input.action;
      if (!isBlackjackAction(action)) throw refuse();
      const replayed = blackjackReplay(
        (round.secret as BlackjackSecret).shoe,
        state.steps.map((step) => step.action),
      );
      if (!blackjackLegal(replayed).includes(action)) throw new AppError('BLACKJACK_ACTION_ILLEGAL', { field: 'action', issue: action });
      if (input.hand !== undefined && input.hand !== replayed.active)
        throw new AppError('BLACKJACK_ACTION_ILLEGAL', { field: 'hand', issue: `active_${replayed.active}` });
      return blackjackView(blackjackApply(replayed, action));
    }
    default:
      throw refuse();
  }
}

/**
 * A move in an open round: Mines (reveal, cash out), Tower (pick a door, cash out), video poker (draw with the holds),
 * Hilo (higher, lower, skip, cash out), Blackjack (its steps, through blackjackAction). With `claim`, the request's key
 * is claimed in the transaction that moves the round on, naming it, so a retry after a crash finishes that round
 * (studioRoundResume) rather than acting twice.
 */
export async function studioRoundAction(deps: StudioDeps, input: RoundActionInput, claim?: ClaimInTransaction): Promise<RoundView> {
  const session = await studioSessionOf(deps, input.token, { forBet: false });
  // Blackjack's double, split and insurance take a stake of their own mid-round: its own path (decision 068).
  if (session.gameId === 'blackjack') return blackjackAction(deps, session, input, claim);
  const row = await transaction(deps.db, async (tx) => {
    await claim?.write(tx, input.roundId);
    const round = await roundByPublicId(tx, session.userId, input.roundId, true);
    if (!round || round.gameId !== session.gameId) throw new AppError('CASINO_ROUND_NOT_FOUND', { field: 'round_id' });
    if (round.status !== 'open') throw new AppError('CASINO_ROUND_CLOSED', { field: 'round_id' });
    const next = roundActionNext(round, input);
    if (!casinoOutcomeFinished(next)) return roundUpdate(tx, round.id, { outcome: next }, deps.now());
    return roundUpdate(tx, round.id, { outcome: next, status: 'pending', win: casinoWinMinor(next, round.stake) }, deps.now());
  });
  if (row.status === 'open') return roundView(deps.db, row);
  return roundView(deps.db, await roundSettle(deps, row, session.token));
}

/** A blackjack round's hidden part: the shoe, and the step waiting for its stake (a double, split or insurance). */
interface BlackjackSecret {
  shoe: number[];
  pending?: { action: BlackjackAction; hand: number; step: number; amount: number };
}

/** The wallet id of the stake a blackjack step takes: step n (1-based) of the round. */
function blackjackBetUuid(publicId: string, step: number): string {
  return `${publicId}:bet:${step}`;
}

/** Writes a blackjack round's next state: still open, or finished with its win (pending until paid). */
async function blackjackStepWrite(deps: StudioDeps, tx: DbOrTx, round: RoundRow, next: BlackjackOutcome, balanceAfter?: number): Promise<RoundRow> {
  const secret = round.secret as BlackjackSecret;
  const fields = { outcome: next, secret: { shoe: secret.shoe }, ...(balanceAfter === undefined ? {} : { balanceAfter }) };
  if (next.status === 'open') return roundUpdate(tx, round.id, { ...fields, status: 'open' }, deps.now());
  return roundUpdate(tx, round.id, { ...fields, status: 'pending', win: casinoWinMinor(next, round.stake) }, deps.now());
}

/** The round after its pending step (checked when it was staged) is applied, its stake taken. */
async function blackjackStepApply(deps: StudioDeps, tx: DbOrTx, round: RoundRow, action: BlackjackAction, balanceAfter?: number): Promise<RoundRow> {
  const secret = round.secret as BlackjackSecret;
  const outcome = round.outcome as BlackjackOutcome;
  const next = blackjackView(
    blackjackApply(
      blackjackReplay(
        secret.shoe,
        outcome.steps.map((step) => step.action),
      ),
      action,
    ),
  );
  return blackjackStepWrite(deps, tx, round, next, balanceAfter);
}

/**
 * Blackjack (decision 068): a step is checked by roundActionNext against the round's replayed state
 * (CASINO_ACTION_INVALID for another game's move, BLACKJACK_ACTION_ILLEGAL for a step the hand does not allow). A double, split or insurance takes a stake of
 * its own — a second `bet` of the round in the seamless wallet, id `<round>:bet:<step>` — in three moves, each safe
 * to die after: (1) the round is marked pending with the step it waits for (a twin request is refused
 * BLACKJACK_ROUND_BUSY, or finds the step taken); (2) the bet; (3) the step is applied. A refused bet (not enough
 * money, a limit) puts the round back as it was, playable. Recovery finishes (3) when the bet was taken, else rolls
 * the bet back (tombstone) and reopens the round without the step.
 */
async function blackjackAction(deps: StudioDeps, session: StudioSession, input: RoundActionInput, claim?: ClaimInTransaction): Promise<RoundView> {
  const staged = await transaction(deps.db, async (tx) => {
    await claim?.write(tx, input.roundId);
    const round = await roundByPublicId(tx, session.userId, input.roundId, true);
    if (!round || round.gameId !== 'blackjack') throw new AppError('CASINO_ROUND_NOT_FOUND', { field: 'round_id' });
    if (round.status === 'pending') throw new AppError('BLACKJACK_ROUND_BUSY', { field: 'round_id' });
    if (round.status !== 'open') throw new AppError('CASINO_ROUND_CLOSED', { field: 'round_id' });
    // The step is checked (another game's move, a step the hand does not allow, a stale hand) before anything moves.
    const next = roundActionNext(round, input) as BlackjackOutcome;
    const action = input.action as BlackjackAction;
    const secret = round.secret as BlackjackSecret;
    const outcome = round.outcome as BlackjackOutcome;
    const amount = round.freeRoundId === null ? blackjackActionStakeMinor(action, round.stake) : 0;
    if (amount === 0) return { row: await blackjackStepWrite(deps, tx, round, next) };
    const pending = { action, hand: outcome.active, step: outcome.steps.length + 1, amount };
    return { row: await roundUpdate(tx, round.id, { status: 'pending', secret: { ...secret, pending } }, deps.now()), pending };
  });
  let row = staged.row;
  if (staged.pending) {
    const { pending } = staged;
    const bet = await walletCall(deps, 'bet', {
      ...walletBase(row, session.token),
      transaction_uuid: blackjackBetUuid(row.publicId, pending.step),
      round_closed: false,
      amount: pending.amount,
    });
    if (bet.status !== 'RS_OK') {
      // Nothing was taken: the round goes back to the player exactly as it was.
      await roundUpdate(deps.db, row.id, { status: 'open', secret: { shoe: (row.secret as BlackjackSecret).shoe } }, deps.now());
      if (bet.status === 'RS_ERROR_LIMIT_REACHED' || bet.status === 'RS_ERROR_USER_DISABLED')
        throw await saferStakeRefusal(deps.db, session.userId, undefined, row.currency, pending.amount, deps.now());
      throw walletRefusal(bet);
    }
    row = await transaction(deps.db, async (tx) => {
      const round = (await roundByPublicId(tx, session.userId, row.publicId, true))!;
      return blackjackStepApply(deps, tx, round, pending.action, bet.balance);
    });
  }
  if (row.status === 'open') return roundView(deps.db, row);
  return roundView(deps.db, await roundSettle(deps, row, session.token));
}

/** Recovery of a blackjack step that died between marking its round and applying it (see blackjackAction). */
async function blackjackPendingRecover(deps: StudioDeps, row: RoundRow, token: string): Promise<RoundRow | false> {
  const secret = row.secret as BlackjackSecret;
  const pending = secret.pending!;
  const uuid = blackjackBetUuid(row.publicId, pending.step);
  const bet = await walletTxnFind(deps.db, HOUSE, uuid);
  if (bet && bet.requestHash !== null && bet.state !== 'rolled_back') {
    const balanceAfter = (bet.response as SeamlessResponse | null)?.balance;
    return transaction(deps.db, async (tx) =>
      blackjackStepApply(deps, tx, (await roundByPublicId(tx, row.userId, row.publicId, true))!, pending.action, balanceAfter),
    );
  }
  const { currency: _currency, ...rollbackBase } = walletBase(row, token);
  const response = await walletCall(deps, 'rollback', {
    ...rollbackBase,
    transaction_uuid: `${row.publicId}:rollback:${pending.step}`,
    reference_transaction_uuid: uuid,
  });
  if (response.status !== 'RS_OK') {
    deps.log?.(`casino recovery: rollback of ${uuid} answered ${response.status}`);
    return false;
  }
  return roundUpdate(deps.db, row.id, { status: 'open', secret: { shoe: secret.shoe } }, deps.now());
}

/**
 * Finishes rounds left pending by a crash or a lost connection (GLI-19 §4.16): when the bet reached the
 * wallet, the round completes to its committed outcome (Mines reopens for the player); when it did not, the
 * bet is rolled back — leaving a tombstone, so a late copy of it is refused — and the round is void.
 */
export async function casinoRoundsRecover(deps: StudioDeps, options: { userId?: number; graceMs?: number } = {}): Promise<number> {
  const before = new Date(deps.now().getTime() - (options.graceMs ?? ROUND_RECOVERY_GRACE_MS));
  const rows = await roundsPendingBefore(deps.db, before, options.userId);
  let recovered = 0;
  for (const row of rows) if (await casinoRoundRecover(deps, row)) recovered += 1;
  return recovered;
}

/** Finishes one pending round (see casinoRoundsRecover); false when the wallet refused the rollback (logged). */
async function casinoRoundRecover(deps: StudioDeps, row: RoundRow): Promise<boolean> {
  // The wallet skips token checks for wins and rollbacks only by design; recovery signs with a fresh session token.
  const token = await recoveryTokenOf(deps, row);
  if (row.gameId === 'blackjack' && (row.secret as BlackjackSecret | null)?.pending) {
    const recovered = await blackjackPendingRecover(deps, row, token);
    if (!recovered) return false;
    if (recovered.status === 'pending') await roundSettle(deps, recovered, token);
    return true;
  }
  const bet = await walletTxnFind(deps.db, HOUSE, `${row.publicId}:bet`);
  if (!bet || bet.requestHash === null || bet.state === 'rolled_back') {
    const { currency: _currency, ...rollbackBase } = walletBase(row, token);
    const response = await walletCall(deps, 'rollback', {
      ...rollbackBase,
      transaction_uuid: `${row.publicId}:rollback`,
      reference_transaction_uuid: `${row.publicId}:bet`,
    });
    if (response.status !== 'RS_OK') {
      deps.log?.(`casino recovery: rollback of ${row.publicId} answered ${response.status}`);
      return false;
    }
    await roundVoid(deps, row, bet && bet.requestHash !== null ? 'refunded' : 'void');
  } else {
    const response = bet.response as SeamlessResponse | null;
    const balanceBefore = response ? response.balance + (bet.isFree ? 0 : (bet.amount ?? 0)) : null;
    if (casinoOutcomeFinished(row.outcome as CasinoOutcome)) await roundSettle(deps, row, token, balanceBefore);
    else await roundUpdate(deps.db, row.id, { status: 'open', balanceBefore, balanceAfter: response?.balance ?? null }, deps.now());
  }
  return true;
}

/**
 * The true outcome of a round whose request's process died before answering (the route's `resume`, decision 016):
 * a round still pending is finished now — the dead process no longer holds it — as recovery would; then its view.
 * A round that never took its stake (void) answers CASINO_ROUND_VOID: nothing was charged, the player plays again.
 */
export async function studioRoundResume(deps: StudioDeps, token: string, publicId: string): Promise<RoundView> {
  const userId = await studioTokenOwner(deps, token);
  let row = await roundByPublicId(deps.db, userId, publicId);
  if (!row) throw new AppError('CASINO_ROUND_NOT_FOUND', { field: 'round_id' });
  if (row.status === 'pending') {
    await casinoRoundRecover(deps, row);
    row = (await roundByPublicId(deps.db, userId, publicId))!;
  }
  if (row.status === 'pending') throw new Error(`round ${publicId} could not be finished yet`);
  if (row.status === 'void') throw new AppError('CASINO_ROUND_VOID', { field: 'round_id', issue: publicId });
  return roundView(deps.db, row);
}

/** A short-lived game session for recovery's own wallet calls (win and rollback do not check expiry). */
async function recoveryTokenOf(deps: StudioDeps, row: RoundRow): Promise<string> {
  const token = studioTokenNew();
  await casinoSessionInsert(deps.db, {
    tokenHash: tokenHashOf(token),
    userId: row.userId,
    platform: HOUSE,
    gameId: row.gameId,
    currency: row.currency,
    expiresAt: deps.now(),
  });
  return token;
}

export async function studioSessionView(deps: StudioDeps, token: string) {
  const session = await studioSessionOf(deps, token, { forBet: false });
  await casinoRoundsRecover(deps, { userId: session.userId });
  const open = await roundOpenOf(deps.db, session.userId, session.gameId);
  const grant = isSlotGame(session.gameId) ? await freeRoundAvailable(deps.db, session.userId, session.gameId, deps.now()) : undefined;
  const usableGrant = grant && grant.currency === session.currency ? grant : undefined;
  return {
    game: { game_id: session.gameId, info: casinoGameInfo(session.gameId) },
    currency: session.currency,
    balance: await walletBalanceOf(deps.db, session.userId, session.currency),
    fair: await fairStateOf(deps, session.userId),
    open_round: open && open.status === 'open' ? await roundView(deps.db, open) : null,
    free_rounds: { remaining: usableGrant?.remaining ?? 0, bet: usableGrant?.stake ?? 0 },
  };
}

export async function studioRoundsList(deps: StudioDeps, token: string, limit: number): Promise<RoundView[]> {
  const session = await studioSessionOf(deps, token, { forBet: false });
  return roundViews(deps.db, await roundsOfUser(deps.db, session.userId, { gameId: session.gameId, limit }));
}

export async function roundsHistory(deps: StudioDeps, userId: number, options: { gameId?: string | undefined; beforeId?: number | undefined; limit: number }) {
  const rows = await roundsOfUser(deps.db, userId, { ...options, limit: options.limit + 1 });
  const page = rows.slice(0, options.limit);
  return { list: await roundViews(deps.db, page), nextBeforeId: rows.length > options.limit ? page[page.length - 1]!.id : undefined };
}

export async function roundDetail(deps: StudioDeps, userId: number, publicId: string): Promise<RoundView> {
  const row = await roundByPublicId(deps.db, userId, publicId);
  if (!row || row.status === 'void') throw new AppError('CASINO_ROUND_NOT_FOUND', { field: 'round_id' });
  return roundView(deps.db, row);
}
