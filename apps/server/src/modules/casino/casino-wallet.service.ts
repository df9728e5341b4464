import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  inputFlawOf,
  seamlessBalanceRequest,
  seamlessBetRequest,
  seamlessBetWinRequest,
  seamlessRollbackRequest,
  seamlessWinRequest,
  type SeamlessResponse,
  type SeamlessStatus,
  type SeamlessWalletCall,
} from '@piranha/contract';
import { prizeWithholdingMinor } from '@piranha/domain';
import { AppError } from '../../app-error.ts';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx, type Tx } from '../../db/client.ts';
import type { MoneyActionGuard } from '../account/account-session.service.ts';
import { groupStatement, groupTransaction } from '../../db/group-commit.ts';
import { balanceMovedNow } from '../../realtime/balance-events.ts';
import { ledgerTransfer, ledgerTransferPrepare, type TransferResult, type TransferRows } from '../ledger/ledger.service.ts';
import { SESSION_RECENT_MS } from '../session/session.service.ts';
import { casinoTokenRead, type TokenRow } from './casino.repository.ts';
import {
  jurisdictionOfKey,
  saferLimitRequiredCheck,
  saferMarketOpenCheck,
  saferMinStakeMinor,
  saferPlayCheck,
  saferPlayTimeTake,
  saferReturnCount,
  saferReturnCte,
  saferStakeGuard,
  saferStakeRefusal,
  saferStakeTake,
} from '../safer-play/safer-play.service.ts';
import {
  walletBalanceOf,
  walletRoundBetsSettle,
  walletRoundStakeOf,
  walletTxnFind,
  walletTxnInsert,
  walletTxnMoveAnswered,
  walletTxnResponses,
  walletTxnSettle,
  WalletStakeRefused,
  WalletTxnRaced,
  type WalletTxn,
} from './casino-wallet.repository.ts';

/**
 * The seamless wallet (integrations.md §7.1): the API a studio or aggregator calls to move a player's money,
 * Hub88-style. Our own studio calls it too, in-process, through `seamlessHandle` with a signed raw body —
 * exactly what the HTTP route does — so the house games get no shortcut to the ledger.
 *
 * Rules: the signature (hex HMAC-SHA256 of the raw body under the partner's secret) is checked before the
 * JSON is parsed; a transaction id is processed once — a replay returns the stored answer, the same id with
 * other details is RS_ERROR_DUPLICATE_TRANSACTION; a win needs its bet; a rollback reverses exactly its bet,
 * leaves a tombstone when the bet never arrived (so the late bet is refused) and is idempotent; a bet that
 * already has a win is not rolled back; token expiry is checked for balance and bet only.
 */

export interface SeamlessWalletDeps {
  db: Db;
  now: () => Date;
  /** Partner key → shared secret. */
  partners: ReadonlyMap<string, string>;
  /** The idle rule for money actions (modules/account/README.md): a bet is one, at every partner. */
  moneyActionGuard: MoneyActionGuard;
}

export function seamlessSign(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

export function tokenHashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function signatureValid(secret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  return timingSafeEqual(Buffer.from(seamlessSign(secret, rawBody), 'hex'), Buffer.from(signature, 'hex'));
}

/** True when the call is signed by a partner we know: the HTTP route counts it against that partner's own budget. */
export function seamlessCallSigned(deps: SeamlessWalletDeps, partner: string | undefined, signature: string | undefined, rawBody: string): boolean {
  const secret = partner === undefined ? undefined : deps.partners.get(partner);
  return secret !== undefined && signatureValid(secret, rawBody, signature);
}

/** Thrown inside a transaction to abandon everything it wrote and answer `status`. */
class Refusal extends Error {
  constructor(readonly status: SeamlessStatus) {
    super(status);
  }
}

interface Caller {
  partner: string;
  userId: number;
  currency: string;
  /** Set for calls that may take a bet: its debit re-checks, in its own statement, that this token's session is live. */
  liveSession?: { tokenHash: string; at: Date };
  /** The player's brand: its jurisdiction's calendar counts safer-play limits (decision 027). */
  appKey?: string;
  now?: Date;
}

function answer(request: { user?: string; request_uuid?: string }, status: SeamlessStatus, currency = '', balance = 0): SeamlessResponse {
  return { user: request.user ?? '', status, request_uuid: request.request_uuid ?? '', currency, balance };
}

function requestHash(fields: Record<string, unknown>): string {
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

const SCHEMAS = {
  balance: seamlessBalanceRequest,
  bet: seamlessBetRequest,
  win: seamlessWinRequest,
  rollback: seamlessRollbackRequest,
  bet_win: seamlessBetWinRequest,
} as const;

/**
 * Answers one wallet call. Never throws for a caller's mistake: every refusal is a status, as providers
 * expect (HTTP 200 with a business status).
 */
export async function seamlessHandle(
  deps: SeamlessWalletDeps,
  call: SeamlessWalletCall,
  partner: string | undefined,
  signature: string | undefined,
  rawBody: string,
): Promise<SeamlessResponse> {
  const secret = partner === undefined ? undefined : deps.partners.get(partner);
  if (secret === undefined) return answer({}, 'RS_ERROR_INVALID_PARTNER');
  if (!signatureValid(secret, rawBody, signature)) return answer({}, 'RS_ERROR_INVALID_SIGNATURE');
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return answer({}, 'RS_ERROR_WRONG_SYNTAX');
  }
  // The contract's input rules: a NUL or lone surrogate would fail only when stored, and deep JSON when hashed.
  if (inputFlawOf(json)) return answer({}, 'RS_ERROR_WRONG_TYPES');
  const echo = typeof json === 'object' && json !== null ? (json as { user?: unknown; request_uuid?: unknown }) : {};
  const echoed = { user: typeof echo.user === 'string' ? echo.user : '', request_uuid: typeof echo.request_uuid === 'string' ? echo.request_uuid : '' };
  const parsed = SCHEMAS[call].safeParse(json);
  if (!parsed.success) return answer(echoed, 'RS_ERROR_WRONG_TYPES');
  const request = parsed.data;

  const userId = Number(request.user);
  if (!/^[1-9]\d{0,15}$/.test(request.user) || !Number.isSafeInteger(userId)) return answer(request, 'RS_ERROR_INVALID_TOKEN');
  const tokenHash = tokenHashOf(request.token);
  const now = deps.now();
  const takesBet = call === 'bet' || call === 'bet_win';
  // A bet may take the token's read from the last few seconds (the stake's own statement checks the session again),
  // a win or rollback any earlier read (they need only what a token never changes); a balance reads afresh.
  const checked = async (maxAgeMs: number) => {
    const read = await casinoTokenRead(deps.db, tokenHash, now, maxAgeMs);
    return { ...read, refusal: await tokenRefusal(deps, call, request, partner, read.row, now) };
  };
  let read = await checked(takesBet ? SESSION_RECENT_MS : call === 'balance' ? 0 : Number.POSITIVE_INFINITY);
  // A refusal is never made from a remembered read: the player may have come back, the session may have been renewed.
  if (read.refusal && read.remembered) read = await checked(0);
  const { row: session, refusal } = read;
  if (!session || refusal === 'RS_ERROR_INVALID_TOKEN') return answer(request, 'RS_ERROR_INVALID_TOKEN');
  const currency = session.currency;
  const balanceNow = async () => walletBalanceOf(deps.db, userId, currency);
  if (refusal) return answer(request, refusal, currency, await balanceNow());
  const caller: Caller = {
    partner: session.platform,
    userId,
    currency,
    appKey: session.appKey,
    now,
    ...(takesBet ? { liveSession: { tokenHash, at: now } } : {}),
  };

  if (call === 'balance') return answer(request, 'RS_OK', currency, await balanceNow());
  try {
    // Wallet calls arriving together commit together (decision 074), each in its own savepoint; a paid bet is one
    // statement (betInOneStatement), and so is a paid bet with its win (betWinInOneStatement, decision 086), batched
    // without one.
    const apply = () =>
      call === 'bet'
        ? stakeFoldable(caller, request as BetRequest)
          ? betInOneStatement(deps, caller, request as BetRequest)
          : groupTransaction(deps.db, (tx) => betApply(tx, caller, request as never), userId)
        : call === 'bet_win'
          ? stakeFoldable(caller, request as BetWinRequest) && (request as BetWinRequest).win_amount > 0
            ? betWinInOneStatement(deps, caller, request as BetWinRequest)
            : groupTransaction(deps.db, (tx) => betWinApply(tx, caller, request as never), userId)
          : call === 'win'
            ? groupTransaction(deps.db, (tx) => winApply(tx, caller, request as never), userId)
            : groupTransaction(deps.db, (tx) => rollbackApply(tx, caller, request as never), userId);
    let response: SeamlessResponse;
    try {
      response = await apply();
    } catch (error) {
      // A call with the same id committed while this one's statement ran: nothing was written, and run again it is a
      // replay, as it would have been had it waited on the id's row (as the two-statement path does).
      if (!(error instanceof WalletTxnRaced)) throw error;
      response = await apply();
    }
    // A replay answers what the first call answered, echoing this call's network id.
    return { ...response, request_uuid: request.request_uuid };
  } catch (error) {
    if (error instanceof Refusal && error.status === 'RS_ERROR_TOKEN_EXPIRED' && read.remembered) {
      // The stake's statement found the token's session ended since the read this call took: which refusal, from a
      // fresh read (a closed account answers USER_DISABLED, as it would have without the remembered read).
      return answer(request, (await checked(0)).refusal ?? error.status, currency, await balanceNow());
    }
    if (error instanceof Refusal) return answer(request, error.status, currency, await balanceNow());
    // The one-statement stake was refused by safer play and rolled back: which refusal, read as the guard's own path does.
    if (error instanceof WalletStakeRefused)
      return answer(request, await saferRefusalStatus(deps.db, caller, (request as BetRequest).amount), currency, await balanceNow());
    if (error instanceof AppError && error.errorName === 'INSUFFICIENT_FUNDS')
      return answer(request, 'RS_ERROR_NOT_ENOUGH_MONEY', currency, await balanceNow());
    throw error;
  }
}

/**
 * Why this token may not make this call, or undefined: unknown or another player's or partner's token; for a balance or
 * a bet, an expired token, a closed account or an ended launching session; for a bet, a session idle past the brand's
 * limit; another game; another currency. Wins and rollbacks are owed for bets already taken, whatever became of the
 * token since: only new money is refused.
 */
async function tokenRefusal(
  deps: SeamlessWalletDeps,
  call: SeamlessWalletCall,
  request: { user: string; game_code: string; currency?: string },
  partner: string | undefined,
  session: TokenRow | undefined,
  now: Date,
): Promise<SeamlessStatus | undefined> {
  if (!session || String(session.userId) !== request.user || session.platform !== partner) return 'RS_ERROR_INVALID_TOKEN';
  const takesBet = call === 'bet' || call === 'bet_win';
  if (call === 'balance' || takesBet) {
    if (session.expiresAt.getTime() <= now.getTime()) return 'RS_ERROR_TOKEN_EXPIRED';
    if (session.userClosed) return 'RS_ERROR_USER_DISABLED';
    // The token dies with the player's session that launched it: logout, session end, expiry, closure (decision 016).
    if (!session.sessionLive) return 'RS_ERROR_TOKEN_EXPIRED';
  }
  if (takesBet) {
    try {
      const user = { uid: session.userId, sessionId: session.sessionId!, appKey: session.appKey, ...(session.activeAt ? { activeAt: session.activeAt } : {}) };
      await deps.moneyActionGuard(deps.db, { user, appKey: session.appKey }, now);
    } catch (error) {
      // Idle past the brand's limit: the player must sign in again (and launch again) before the next bet.
      if (error instanceof AppError) return 'RS_ERROR_TOKEN_EXPIRED';
      throw error;
    }
  }
  if (session.gameId !== null && request.game_code !== session.gameId) return 'RS_ERROR_INVALID_GAME';
  if (request.currency !== undefined && request.currency !== session.currency) return 'RS_ERROR_WRONG_CURRENCY';
  return undefined;
}

type BetRequest = ReturnType<typeof seamlessBetRequest.parse>;
type WinRequest = ReturnType<typeof seamlessWinRequest.parse>;
type RollbackRequest = ReturnType<typeof seamlessRollbackRequest.parse>;
type BetWinRequest = ReturnType<typeof seamlessBetWinRequest.parse>;

/** The stored answer of an earlier call with this id, or a refusal when the id was used for something else. */
function replayOf(existing: WalletTxn, kind: string, hash: string): SeamlessResponse {
  if (existing.kind === 'bet' && existing.requestHash === null) throw new Refusal('RS_ERROR_TRANSACTION_ROLLED_BACK');
  if (existing.kind !== kind || existing.requestHash !== hash || !existing.response) throw new Refusal('RS_ERROR_DUPLICATE_TRANSACTION');
  return existing.response as SeamlessResponse;
}

/** RS_OK with the balance now: the one a ledger transfer of this call just reported, else read. */
async function okAnswer(tx: Tx, caller: Caller, request: { user: string; request_uuid: string }, moved?: TransferResult): Promise<SeamlessResponse> {
  const known = moved?.walletsAfter?.find((wallet) => wallet.userId === caller.userId && wallet.currency === caller.currency);
  return answer(request, 'RS_OK', caller.currency, known?.balanceMinor ?? (await walletBalanceOf(tx, caller.userId, caller.currency)));
}

/**
 * A stake counts against the player's wager and loss limits, and every bet on the play-time clock (decision 054), in
 * the bet's own transaction (decision 027): one more statement per bet. A time-out or self-exclusion answers RS_ERROR_USER_DISABLED, a limit or a paid stake under the
 * law's minimum RS_ERROR_LIMIT_REACHED; either rolls the bet back.
 */
async function saferCasinoStake(tx: Tx, caller: Caller, amount: number, isFree: boolean): Promise<void> {
  const now = caller.now ?? new Date();
  // The law's minimum stake (Kenya KES 20, decision 037) holds for every studio's paid bet, not only the house's rounds
  // (which check it before calling, with the player's own error): an outside studio hears RS_ERROR_LIMIT_REACHED.
  if (!isFree && amount > 0 && amount < saferMinStakeMinor(caller.appKey, caller.currency)) throw new Refusal('RS_ERROR_LIMIT_REACHED');
  try {
    // A free round stakes nothing but is play all the same: it is refused on a closed market (decision 049), runs the
    // play-time clock (decision 054) and needs the limit the brand's law asks of every player (decision 057).
    if (isFree || amount <= 0) {
      saferMarketOpenCheck(caller.appKey);
      await saferPlayCheck(tx, caller.userId, now);
      await saferLimitRequiredCheck(tx, caller.userId, caller.appKey, now);
      await saferPlayTimeTake(tx, caller.userId, caller.appKey, now);
    } else await saferStakeTake(tx, caller.userId, caller.appKey, caller.currency, amount, now);
  } catch (error) {
    throw saferRefusalOf(error);
  }
}

/** A safer-play refusal as the wallet's status: a block or a closed market is USER_DISABLED, a limit LIMIT_REACHED. */
function saferRefusalOf(error: unknown): unknown {
  if (
    error instanceof AppError &&
    (error.errorName === 'SAFER_TIMED_OUT' || error.errorName === 'SAFER_SELF_EXCLUDED' || error.errorName === 'JURISDICTION_CLOSED')
  )
    return new Refusal('RS_ERROR_USER_DISABLED');
  if (error instanceof AppError && error.errorName.startsWith('SAFER_')) return new Refusal('RS_ERROR_LIMIT_REACHED');
  return error;
}

/**
 * Why the one-statement stake was refused, read after it rolled back, as `saferStakeTake` reads it after its guard
 * refused: the same refusal, mapped to the same status. Anything else (KYC_REQUIRED) is thrown, as there.
 */
async function saferRefusalStatus(db: Db, caller: Caller, amount: number): Promise<SeamlessStatus> {
  const refusal = saferRefusalOf(await saferStakeRefusal(db, caller.userId, caller.appKey, caller.currency, amount, caller.now ?? new Date()));
  if (refusal instanceof Refusal) return refusal.status;
  throw refusal;
}

/**
 * Whether a bet's stake goes in one statement with its row, its money, its answer and the safer-play guard: a paid
 * stake at or above the law's minimum on an open market. The others (free rounds, a stake under the minimum, a closed
 * market) keep the transaction, whose refusals come after a replay is answered.
 */
function stakeFoldable(caller: Caller, request: Pick<BetRequest, 'amount' | 'is_free'>): boolean {
  return (
    request.is_free !== true &&
    request.amount > 0 &&
    request.amount >= saferMinStakeMinor(caller.appKey, caller.currency) &&
    !jurisdictionOfKey(caller.appKey).closed
  );
}

/**
 * The paid stake's ledger transfer, resolved on `db`: in a transaction, its balance move is told after that commits
 * (decision 041); on the database itself nothing is told (betInOneStatement tells it after its statement committed).
 */
async function betStakePrepared(db: DbOrTx, caller: Caller, request: BetRequest): Promise<TransferRows & { externalRef: string }> {
  const { stake } = betRowOf(caller, request);
  return { ...(await ledgerTransferPrepare(db, stake!)), externalRef: stake!.externalRef };
}

type BetStatementOutcome =
  { kind: 'expired' } | { kind: 'taken' } | { kind: 'written'; id: number; response: SeamlessResponse; row: ReturnType<typeof betRowOf>['row'] };

/** The bet a bet_win carries, as the separate bet call it stands for: it closes its round (its win is in hand). */
function betOfBetWin(request: BetWinRequest): BetRequest {
  const { win_transaction_uuid: _winUuid, win_amount: _winAmount, ...bet } = request;
  return { ...bet, round_closed: true };
}

/** The win a bet_win carries, as the separate win call it stands for (the same id rules, hash and money). */
function winOfBetWin(request: BetWinRequest): WinRequest {
  const { win_transaction_uuid: winUuid, win_amount: winAmount, is_free: _free, ...base } = request;
  return { ...base, transaction_uuid: winUuid, amount: winAmount, round_closed: true, reference_transaction_uuid: request.transaction_uuid };
}

/** A paid win's ledger transfer, withholding what the brand's law asks of the round (it has no earlier win). */
function paidWinTransferOf(caller: Caller, win: WinRequest, stakeMinor: number) {
  return winTransferOf(caller, win, false, prizeWithholdingMinor(jurisdictionOfKey(caller.appKey), stakeMinor, win.amount));
}

/**
 * A paid stake's statement (walletTxnMoveAnswered): the row, the debit and its ledger lines, the stored answer and the
 * safer-play guard, in the order of the transaction it replaces (session, id taken, safer play, funds). `transfer` is
 * the stake's, resolved by the caller (betStakePrepared) before, so the statement is all `db` is asked. With `win`
 * (a bet_win's, its transfer resolved too), the win goes in the same statement and the outcome is the win's.
 */
async function betStatement(
  db: DbOrTx,
  caller: Caller,
  request: BetRequest,
  transfer: TransferRows & { externalRef: string },
  win?: { request: WinRequest; transfer: TransferRows & { externalRef: string } },
): Promise<BetStatementOutcome> {
  const { row } = betRowOf(caller, request);
  const now = caller.now ?? new Date();
  const safer = saferStakeGuard(caller.userId, caller.appKey, caller.currency, request.amount, now, sql`exists (select 1 from c)`, win?.request.amount);
  const written = await walletTxnMoveAnswered(
    db,
    row,
    transfer,
    { user: request.user, requestUuid: request.request_uuid, currency: caller.currency },
    {
      ...(caller.liveSession ? { sessionOf: caller.liveSession } : {}),
      safer,
      ...(win ? { win: { row: winRowOf(caller, win.request, winHashOf(win.request)), transfer: win.transfer } } : {}),
    },
  );
  if (!written.sessionLive) return { kind: 'expired' };
  if (written.id === undefined) return { kind: 'taken' };
  return { kind: 'written', id: written.id, response: answer(request, 'RS_OK', caller.currency, written.balanceMinor!), row };
}

/**
 * The usual paid bet as ONE statement (decision 074): no transaction of its own, so a batch of them commits with no
 * savepoint. Its refusals are thrown outside the statement, after it rolled back: the session's, a replay's (read
 * once the statement is done), safer play's (WalletStakeRefused) and the funds'.
 */
async function betInOneStatement(deps: SeamlessWalletDeps, caller: Caller, request: BetRequest): Promise<SeamlessResponse> {
  // Resolved before the batch (it may read or create a ledger account): a member uses only the handle it is given.
  const transfer = await betStakePrepared(deps.db, caller, request);
  const outcome = await groupStatement(deps.db, (db) => betStatement(db, caller, request, transfer), caller.userId, { savepointFree: true });
  if (outcome.kind === 'expired') throw new Refusal('RS_ERROR_TOKEN_EXPIRED');
  if (outcome.kind === 'taken') return replayOf((await walletTxnFind(deps.db, caller.partner, request.transaction_uuid))!, 'bet', betHashOf(request));
  // Committed outside a transaction scope: the balance's move is told now (decision 041).
  balanceMovedNow(deps.db, caller.userId, caller.currency, 'casino_bet');
  return outcome.response;
}

/**
 * A paid bet and the win that closes its round as ONE statement (decision 086): both rows, both transfers, one wallet
 * move, both answers and the safer-play guard with the loss limit's return — what `betWinApply` writes in four round
 * trips. Refused or answered as `betInOneStatement` is; when either id is already taken the call goes the
 * transaction's way (`betWinApply`), whose replay and duplicate rules it then answers by.
 */
async function betWinInOneStatement(deps: SeamlessWalletDeps, caller: Caller, request: BetWinRequest): Promise<SeamlessResponse> {
  const bet = betOfBetWin(request);
  const win = winOfBetWin(request);
  const stake = await betStakePrepared(deps.db, caller, bet);
  const payout = paidWinTransferOf(caller, win, bet.amount);
  const winTransfer = { ...(await ledgerTransferPrepare(deps.db, payout)), externalRef: payout.externalRef };
  const outcome = await groupStatement(deps.db, (db) => betStatement(db, caller, bet, stake, { request: win, transfer: winTransfer }), caller.userId, {
    savepointFree: true,
  });
  if (outcome.kind === 'expired') throw new Refusal('RS_ERROR_TOKEN_EXPIRED');
  if (outcome.kind === 'taken') return groupTransaction(deps.db, (tx) => betWinApply(tx, caller, request), caller.userId);
  balanceMovedNow(deps.db, caller.userId, caller.currency, 'casino_win');
  return answer(win, 'RS_OK', caller.currency, outcome.response.balance);
}

async function betApply(tx: Tx, caller: Caller, request: BetRequest): Promise<SeamlessResponse> {
  return (await betRecord(tx, caller, request)).response;
}

function betHashOf(request: BetRequest): string {
  return requestHash({
    kind: 'bet',
    closed: request.round_closed,
    user: request.user,
    game: request.game_code,
    round: request.round,
    amount: request.amount,
    currency: request.currency,
    free: request.is_free === true,
  });
}

/** The bet's row and, for a paid stake, its ledger transfer. */
function betRowOf(caller: Caller, request: BetRequest) {
  const isFree = request.is_free === true;
  const row = {
    partner: caller.partner,
    transactionUuid: request.transaction_uuid,
    kind: 'bet',
    userId: caller.userId,
    currency: caller.currency,
    amount: request.amount,
    round: request.round,
    gameCode: request.game_code,
    requestHash: betHashOf(request),
    // A bet that closes its round (nothing to pay) is settled at once: it can no longer be rolled back.
    state: request.round_closed ? 'settled' : 'open',
    isFree,
  };
  const stake =
    request.amount > 0
      ? {
          kind: 'casino_bet',
          externalRef: `${caller.partner}:${request.transaction_uuid}`,
          lines: [
            { account: { userId: caller.userId, currency: caller.currency }, amountMinor: -request.amount },
            { account: { house: 'casino_rounds' as const, currency: caller.currency }, amountMinor: request.amount },
          ],
        }
      : undefined;
  return { row, stake };
}

/** The bet call; also answers the bet row it wrote (undefined for a replay), for a win in the same transaction. */
async function betRecord(tx: Tx, caller: Caller, request: BetRequest, deferAnswer = false): Promise<{ response: SeamlessResponse; bet?: WalletTxn }> {
  const isFree = request.is_free === true;
  if (isFree && request.amount !== 0) throw new Refusal('RS_ERROR_WRONG_TYPES');
  const hash = betHashOf(request);
  if (stakeFoldable(caller, request)) {
    // The stake's row, money, answer and safer play in one statement; its answer is stored with it (deferAnswer moot).
    const outcome = await betStatement(tx, caller, request, await betStakePrepared(tx, caller, request));
    if (outcome.kind === 'expired') throw new Refusal('RS_ERROR_TOKEN_EXPIRED');
    if (outcome.kind === 'taken') return { response: replayOf((await walletTxnFind(tx, caller.partner, request.transaction_uuid))!, 'bet', hash) };
    return { response: outcome.response, bet: { ...outcome.row, id: outcome.id, referenceUuid: null, response: outcome.response, createdAt: new Date() } };
  }
  const { row, stake } = betRowOf(caller, request);
  const written = await walletTxnInsert(tx, row, stake && { ...(await ledgerTransferPrepare(tx, stake)), externalRef: stake.externalRef }, caller.liveSession);
  if (!written.sessionLive) throw new Refusal('RS_ERROR_TOKEN_EXPIRED');
  if (written.id === undefined) return { response: replayOf((await walletTxnFind(tx, caller.partner, request.transaction_uuid))!, 'bet', hash) };
  await saferCasinoStake(tx, caller, request.amount, isFree);
  const response = await movedAnswer(tx, caller, request, written);
  // A bet with its win in hand (bet_win) stores both answers at the end, in one statement.
  if (!deferAnswer) await walletTxnSettle(tx, written.id, { response });
  const bet: WalletTxn = { ...row, id: written.id, referenceUuid: null, response, createdAt: new Date() };
  return { response, bet };
}

/**
 * RS_OK with the balance after the move `walletTxnInsert` made (or `knownBalance` when nothing moved and the
 * caller knows it, else read); a debit that was not covered is INSUFFICIENT_FUNDS, which rolls the call back.
 */
async function movedAnswer(
  tx: Tx,
  caller: Caller,
  request: { user: string; request_uuid: string },
  written: { transferred: boolean; balanceMinor: number | undefined },
  knownBalance?: number,
): Promise<SeamlessResponse> {
  if (written.transferred && written.balanceMinor === undefined) throw new AppError('INSUFFICIENT_FUNDS');
  const balance = written.balanceMinor ?? knownBalance ?? (await walletBalanceOf(tx, caller.userId, caller.currency));
  return answer(request, 'RS_OK', caller.currency, balance);
}

/** The bet a win or rollback refers to, locked; undefined when it never arrived. */
async function betOf(tx: Tx, caller: Caller, uuid: string): Promise<WalletTxn | undefined> {
  const bet = await walletTxnFind(tx, caller.partner, uuid, true);
  if (!bet) return undefined;
  // Someone else's bet, or not a bet at all, is as unknown to this caller as a missing one.
  if (bet.kind !== 'bet' || bet.userId !== caller.userId) throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
  return bet;
}

function winHashOf(request: WinRequest): string {
  return requestHash({
    kind: 'win',
    user: request.user,
    game: request.game_code,
    round: request.round,
    amount: request.amount,
    currency: request.currency,
    reference: request.reference_transaction_uuid,
  });
}

function winRowOf(caller: Caller, request: WinRequest, hash: string) {
  return {
    partner: caller.partner,
    transactionUuid: request.transaction_uuid,
    kind: 'win',
    userId: caller.userId,
    currency: caller.currency,
    amount: request.amount,
    round: request.round,
    gameCode: request.game_code,
    referenceUuid: request.reference_transaction_uuid,
    requestHash: hash,
    state: 'ok',
  };
}

function winTransferOf(caller: Caller, request: WinRequest, free: boolean, withheldMinor = 0) {
  return {
    kind: 'casino_win',
    externalRef: `${caller.partner}:${request.transaction_uuid}`,
    lines: [
      // Free-round winnings are a bonus cost; paid rounds' winnings come back out of the casino's takings.
      { account: { house: free ? ('bonus_liability' as const) : ('casino_rounds' as const), currency: caller.currency }, amountMinor: -request.amount },
      { account: { userId: caller.userId, currency: caller.currency }, amountMinor: request.amount - withheldMinor },
      // Prize withholding (Mexico, decision 050) waits in `tax_withheld` for the authority, like Kenya's withdrawal tax.
      ...(withheldMinor > 0 ? [{ account: { house: 'tax_withheld' as const, currency: caller.currency }, amountMinor: withheldMinor }] : []),
    ],
  };
}

/**
 * What this win withholds under the brand's prize withholding (decision 050): the round's net win is every win of its
 * bet, this one included, less the stake; this win withholds what that adds to the round's withholding, so a round
 * paid in several wins withholds what one win of their sum would. Nothing is read where the rate is 0.
 */
async function winWithheldOf(tx: Tx, caller: Caller, bet: WalletTxn, amountMinor: number): Promise<number> {
  const profile = jurisdictionOfKey(caller.appKey);
  if (profile.prizeWithholdingBp <= 0 || amountMinor <= 0) return 0;
  // A round may hold several bets (blackjack's doubles, splits, insurance): the net win is against all of them.
  const stake = bet.isFree ? 0 : await walletRoundStakeOf(tx, bet);
  const [row] = await rowsOf<{ before: number }>(
    tx,
    sql`select coalesce(sum(amount), 0)::float8 as before from casino_wallet_txns
      where partner = ${caller.partner} and kind = 'win' and reference_uuid = ${bet.transactionUuid} and response is not null`,
  );
  const before = row?.before ?? 0;
  return prizeWithholdingMinor(profile, stake, before + amountMinor) - prizeWithholdingMinor(profile, stake, before);
}

/**
 * A free round's win is paid to cash unless its grant pays into bonus money (decision 043): then the win stays with
 * the bonus liability, is counted on the grant, and the bonus engine grants the grant's total as one bonus.
 */
async function freeWinPaysCash(tx: Tx, caller: Caller, round: string): Promise<boolean> {
  const [row] = await rowsOf<{ win_to: string }>(
    tx,
    sql`select fr.win_to from casino_rounds r join casino_free_rounds fr on fr.id = r.free_round_id
        where r.public_id = ${round} and r.user_id = ${caller.userId}`,
  );
  return row?.win_to !== 'bonus';
}

async function winApply(tx: Tx, caller: Caller, request: WinRequest): Promise<SeamlessResponse> {
  const hash = winHashOf(request);
  const { id } = await walletTxnInsert(tx, winRowOf(caller, request, hash));
  if (id === undefined) return replayOf((await walletTxnFind(tx, caller.partner, request.transaction_uuid))!, 'win', hash);
  const bet = await betOf(tx, caller, request.reference_transaction_uuid);
  if (!bet) throw new Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
  if (bet.state === 'rolled_back') throw new Refusal('RS_ERROR_TRANSACTION_ROLLED_BACK');
  if (bet.round !== request.round || bet.currency !== request.currency) throw new Refusal('RS_ERROR_DUPLICATE_TRANSACTION');
  const pays = request.amount > 0 && (!bet.isFree || (await freeWinPaysCash(tx, caller, request.round)));
  const withheld = pays ? await winWithheldOf(tx, caller, bet, request.amount) : 0;
  const moved = pays ? await ledgerTransfer(tx, winTransferOf(caller, request, bet.isFree, withheld)) : undefined;
  if (!bet.isFree) await saferReturnCount(tx, caller.userId, bet.currency, request.amount, caller.now ?? new Date());
  if (bet.state !== 'settled') await walletTxnSettle(tx, bet.id, { state: 'settled' });
  // A win that closes its round closes the round's later bets too: none can be rolled back once the round is paid.
  if (request.round_closed) await walletRoundBetsSettle(tx, bet);
  const response = await okAnswer(tx, caller, request, moved);
  await walletTxnSettle(tx, id, { response });
  return response;
}

/**
 * A bet and its win as one call: exactly the `bet` and `win` calls (same rows, hashes, ledger transfers and
 * replay rules, so either id can later be replayed alone), in the caller's one transaction — a refused win
 * undoes its bet. The bet is stored settled at once (its win is in hand), so it can never be rolled back.
 */
async function betWinApply(tx: Tx, caller: Caller, request: BetWinRequest): Promise<SeamlessResponse> {
  const betRequest = betOfBetWin(request);
  const winAmount = request.win_amount;
  const placed = await betRecord(tx, caller, betRequest, true);
  const win = winOfBetWin(request);
  const bet = placed.bet;
  // A replayed bet: the win goes the way a separate win call would (it finds and checks the stored bet).
  if (!bet) return winApply(tx, caller, win);
  // A paid stake was one statement, its answer stored with it: a paying win is one more, its row, its money, its
  // answer and the loss limit's return together (two statements where there were five). Reached when the win's id
  // was taken before (betWinInOneStatement writes both at once otherwise).
  if (stakeFoldable(caller, betRequest) && winAmount > 0) {
    const hash = winHashOf(win);
    const payout = paidWinTransferOf(caller, win, bet.amount ?? 0);
    const written = await walletTxnMoveAnswered(
      tx,
      winRowOf(caller, win, hash),
      { ...(await ledgerTransferPrepare(tx, payout)), externalRef: payout.externalRef },
      { user: win.user, requestUuid: win.request_uuid, currency: caller.currency, knownBalance: placed.response.balance },
      { lossReturn: saferReturnCte(caller.userId, caller.currency, winAmount, caller.now ?? new Date(), sql`exists (select 1 from c)`) },
    );
    if (written.id === undefined) return replayOf((await walletTxnFind(tx, caller.partner, win.transaction_uuid))!, 'win', hash);
    return answer(win, 'RS_OK', caller.currency, written.balanceMinor ?? placed.response.balance);
  }
  // The bet was just written by this transaction (settled, this round, this currency): the win and its money go in
  // one statement, then both answers in one more.
  const hash = winHashOf(win);
  const pays = winAmount > 0 && (!bet.isFree || (await freeWinPaysCash(tx, caller, win.round)));
  // The bet was just written: no earlier win of it to add up.
  const withheld = pays ? prizeWithholdingMinor(jurisdictionOfKey(caller.appKey), bet.isFree ? 0 : (bet.amount ?? 0), winAmount) : 0;
  const payout = pays ? winTransferOf(caller, win, bet.isFree, withheld) : undefined;
  const written = await walletTxnInsert(
    tx,
    winRowOf(caller, win, hash),
    payout && { ...(await ledgerTransferPrepare(tx, payout)), externalRef: payout.externalRef },
  );
  if (written.id === undefined) {
    await walletTxnResponses(tx, [{ id: bet.id, response: placed.response }]);
    return replayOf((await walletTxnFind(tx, caller.partner, win.transaction_uuid))!, 'win', hash);
  }
  const response = await movedAnswer(tx, caller, win, written, placed.response.balance);
  if (!bet.isFree) await saferReturnCount(tx, caller.userId, caller.currency, winAmount, caller.now ?? new Date());
  await walletTxnResponses(tx, [
    { id: bet.id, response: placed.response },
    { id: written.id, response },
  ]);
  return response;
}

async function rollbackApply(tx: Tx, caller: Caller, request: RollbackRequest): Promise<SeamlessResponse> {
  const hash = requestHash({
    kind: 'rollback',
    user: request.user,
    game: request.game_code,
    round: request.round,
    reference: request.reference_transaction_uuid,
  });
  const { id } = await walletTxnInsert(tx, {
    partner: caller.partner,
    transactionUuid: request.transaction_uuid,
    kind: 'rollback',
    userId: caller.userId,
    currency: caller.currency,
    round: request.round,
    gameCode: request.game_code,
    referenceUuid: request.reference_transaction_uuid,
    requestHash: hash,
    state: 'ok',
  });
  if (id === undefined) return replayOf((await walletTxnFind(tx, caller.partner, request.transaction_uuid))!, 'rollback', hash);
  let bet = await betOf(tx, caller, request.reference_transaction_uuid);
  if (!bet) {
    // The bet never arrived (or is still on its way): leave a tombstone so it is refused when it comes.
    const { id: tombstone } = await walletTxnInsert(tx, {
      partner: caller.partner,
      transactionUuid: request.reference_transaction_uuid,
      kind: 'bet',
      userId: caller.userId,
      currency: caller.currency,
      round: request.round,
      gameCode: request.game_code,
      requestHash: null,
      state: 'rolled_back',
    });
    // Lost the race to the bet itself: reverse it like any other.
    if (tombstone === undefined) bet = await betOf(tx, caller, request.reference_transaction_uuid);
  }
  let response: SeamlessResponse;
  if (bet && bet.state === 'settled') {
    response = answer(request, 'RS_ERROR_ROUND_SETTLED', caller.currency, await walletBalanceOf(tx, caller.userId, caller.currency));
  } else {
    if (bet && bet.state === 'open') {
      if ((bet.amount ?? 0) > 0) {
        // Keyed by the bet, so two rollbacks with different ids can never refund it twice.
        await ledgerTransfer(tx, {
          kind: 'casino_rollback',
          externalRef: `${caller.partner}:${bet.transactionUuid}`,
          lines: [
            { account: { house: 'casino_rounds', currency: caller.currency }, amountMinor: -bet.amount! },
            { account: { userId: caller.userId, currency: caller.currency }, amountMinor: bet.amount! },
          ],
        });
      }
      await walletTxnSettle(tx, bet.id, { state: 'rolled_back' });
    }
    response = await okAnswer(tx, caller, request);
  }
  await walletTxnSettle(tx, id, { response });
  return response;
}
