import { randomBytes, randomUUID } from 'node:crypto';
import { casinoGameInfo, casinoPlay, casinoStakeValid, casinoWinMinor, fairFloatStream, fairSeedRandom } from '@piranha/domain';
import { orcaGameFind } from './orca-catalogue.ts';
import { roundPhaseOf, type RoundJournal, type RoundPhase, type RoundRecord, type RoundState } from './round-journal.ts';
import type { WalletClient } from './wallet-client.ts';

/**
 * A round at Orca: the outcome is drawn and written to the journal first (so it is fixed whatever happens next),
 * then the wallet is told — the bet, and the win when there is one — each answer journaled as it arrives. A bet
 * whose fate stays unknown after the retries is rolled back. The same steps finish a round a killed process left
 * half-done (`orcaReconcile`), so there is one path whether the round is new or recovered.
 */
export interface PlayerRef {
  token: string;
  userId: string;
  gameId: string;
  currency: string;
}

export type RoundRefusal =
  'game_unknown' | 'stake_invalid' | 'not_enough_money' | 'session_expired' | 'limit_reached' | 'wallet_refused' | 'wallet_unavailable' | 'round_unknown';

export interface RoundView {
  round_id: string;
  game_id: string;
  stake_minor: number;
  win_minor: number;
  phase: RoundPhase;
  balance_minor?: number;
  outcome: unknown;
  server_seed: string;
  client_seed: string;
}

export interface OrcaRoundsDeps {
  journal: RoundJournal;
  wallet: WalletClient;
  now: () => Date;
  log: (message: string, fields?: Record<string, unknown>) => void;
}

const BUSY = new WeakMap<RoundJournal, Set<string>>();

function refusalOf(status: string): RoundRefusal {
  switch (status) {
    case 'RS_ERROR_NOT_ENOUGH_MONEY':
      return 'not_enough_money';
    case 'RS_ERROR_TOKEN_EXPIRED':
    case 'RS_ERROR_INVALID_TOKEN':
    case 'RS_ERROR_USER_DISABLED':
      return 'session_expired';
    case 'RS_ERROR_LIMIT_REACHED':
      return 'limit_reached';
    default:
      return 'wallet_refused';
  }
}

function bodyBase(round: RoundRecord) {
  return { user: round.userId, token: round.token, game_code: round.gameId };
}

/** The player's balance at our wallet, through `user/balance`. */
export async function orcaBalance(
  deps: OrcaRoundsDeps,
  player: PlayerRef,
): Promise<{ ok: true; balanceMinor: number; currency: string } | { ok: false; refusal: RoundRefusal }> {
  if (!orcaGameFind(player.gameId)) return { ok: false, refusal: 'game_unknown' };
  const result = await deps.wallet.send('balance', { user: player.userId, token: player.token, game_code: player.gameId });
  if (result.kind === 'unknown') return { ok: false, refusal: 'wallet_unavailable' };
  if (result.answer.status !== 'RS_OK') return { ok: false, refusal: refusalOf(result.answer.status) };
  return { ok: true, balanceMinor: result.answer.balance, currency: result.answer.currency };
}

/** One step of the wallet side: sends what the round's phase owes and journals the answer. False when it is stuck. */
async function roundStep(deps: OrcaRoundsDeps, state: RoundState, recovered: boolean): Promise<boolean> {
  const { round } = state;
  const phase = roundPhaseOf(state);
  if (phase === 'bet_unknown') {
    const result = await deps.wallet.send('bet', {
      ...bodyBase(round),
      transaction_uuid: round.betTxn,
      round: round.roundId,
      // A round that pays nothing is closed by its bet; one that pays stays open for its win.
      round_closed: round.winMinor === 0,
      amount: round.stakeMinor,
      currency: round.currency,
    });
    if (result.kind === 'unknown') {
      deps.journal.append({ t: 'bet', roundId: round.roundId, status: 'unknown' });
      return true;
    }
    const { status, balance } = result.answer;
    // A refusal after a lost attempt (or in a recovery, after a lost process) may hide an earlier send the wallet
    // applied: the round is rolled back rather than forgotten.
    const final = status === 'RS_OK' || !(result.uncertain || recovered) ? status : 'unknown';
    deps.journal.append({ t: 'bet', roundId: round.roundId, status: final, balanceMinor: balance });
    return true;
  }
  if (phase === 'win_owed') {
    const result = await deps.wallet.send('win', {
      ...bodyBase(round),
      transaction_uuid: round.winTxn,
      reference_transaction_uuid: round.betTxn,
      round: round.roundId,
      round_closed: true,
      amount: round.winMinor,
      currency: round.currency,
    });
    if (result.kind === 'unknown') return false;
    deps.journal.append({ t: 'win', roundId: round.roundId, status: result.answer.status, balanceMinor: result.answer.balance });
    if (result.answer.status !== 'RS_OK') deps.log('win refused; kept owed', { round: round.roundId, status: result.answer.status });
    return result.answer.status === 'RS_OK';
  }
  if (phase === 'rollback_owed') {
    const result = await deps.wallet.send('rollback', {
      ...bodyBase(round),
      transaction_uuid: round.rollbackTxn,
      reference_transaction_uuid: round.betTxn,
      round: round.roundId,
    });
    if (result.kind === 'unknown') return false;
    deps.journal.append({ t: 'rollback', roundId: round.roundId, status: result.answer.status });
    const done = roundPhaseOf(state) !== 'rollback_owed';
    if (!done) deps.log('rollback refused; kept owed', { round: round.roundId, status: result.answer.status });
    return done;
  }
  return false;
}

/** Takes the round's wallet side as far as it goes now. One driver per round at a time in this process. */
export async function orcaRoundDrive(deps: OrcaRoundsDeps, state: RoundState, recovered = false): Promise<RoundPhase> {
  const busy = BUSY.get(deps.journal) ?? new Set<string>();
  BUSY.set(deps.journal, busy);
  if (busy.has(state.round.roundId)) return roundPhaseOf(state);
  busy.add(state.round.roundId);
  try {
    let phase = roundPhaseOf(state);
    while (phase !== 'settled' && phase !== 'void') {
      if (!(await roundStep(deps, state, recovered))) break;
      phase = roundPhaseOf(state);
    }
    return phase;
  } finally {
    busy.delete(state.round.roundId);
  }
}

export function roundViewOf(state: RoundState): RoundView {
  const phase = roundPhaseOf(state);
  const balance = state.win?.balanceMinor ?? (state.bet?.status === 'RS_OK' ? state.bet.balanceMinor : undefined);
  return {
    round_id: state.round.roundId,
    game_id: state.round.gameId,
    stake_minor: state.round.stakeMinor,
    win_minor: phase === 'void' ? 0 : state.round.winMinor,
    phase,
    ...(balance === undefined ? {} : { balance_minor: balance }),
    outcome: state.round.outcome,
    server_seed: state.round.serverSeed,
    client_seed: state.round.clientSeed,
  };
}

/**
 * Plays one round for the player: outcome drawn from a fresh server seed (revealed with the result) and the
 * player's client seed, journaled, then settled with the wallet.
 */
export async function orcaRoundPlay(
  deps: OrcaRoundsDeps,
  player: PlayerRef,
  stakeMinor: number,
  clientSeed: string,
): Promise<{ ok: true; view: RoundView } | { ok: false; refusal: RoundRefusal; view?: RoundView }> {
  const game = orcaGameFind(player.gameId);
  if (!game) return { ok: false, refusal: 'game_unknown' };
  const params = game.paramsFor(stakeMinor);
  if (!Number.isSafeInteger(stakeMinor) || !casinoStakeValid(game.engine, params, stakeMinor)) return { ok: false, refusal: 'stake_invalid' };
  const serverSeed = fairSeedRandom();
  const { outcome } = casinoPlay(game.engine, params, fairFloatStream(serverSeed, clientSeed, 0));
  const roundId = `orca-${randomUUID()}`;
  const round: RoundRecord = {
    roundId,
    userId: player.userId,
    token: player.token,
    gameId: game.gameId,
    currency: player.currency,
    stakeMinor,
    winMinor: casinoWinMinor(outcome, stakeMinor),
    betTxn: `${roundId}:bet`,
    winTxn: `${roundId}:win`,
    rollbackTxn: `${roundId}:rollback`,
    serverSeed,
    clientSeed,
    outcome,
    createdAt: deps.now().toISOString(),
  };
  deps.journal.append({ t: 'round', round });
  const state = deps.journal.rounds.get(roundId)!;
  const phase = await orcaRoundDrive(deps, state);
  const view = roundViewOf(state);
  if (phase === 'void' && state.bet && state.bet.status !== 'unknown') return { ok: false, refusal: refusalOf(state.bet.status), view };
  if (phase === 'void' || phase === 'rollback_owed') return { ok: false, refusal: 'wallet_unavailable', view };
  return { ok: true, view };
}

/**
 * At start (and every sweep): every round whose wallet side is unfinished is taken on. A bet with no stored
 * answer is sent again under its id — the wallet's stored answer means it was taken (go on: pay the win), a
 * refusal means it may or may not have been, so it is rolled back; owed wins and rollbacks are sent again.
 */
export async function orcaReconcile(deps: OrcaRoundsDeps, { recovered }: { recovered: boolean }): Promise<{ settled: number; void: number; stuck: number }> {
  const counts = { settled: 0, void: 0, stuck: 0 };
  for (const state of deps.journal.unfinished()) {
    const phase = await orcaRoundDrive(deps, state, recovered);
    if (phase === 'settled') counts.settled += 1;
    else if (phase === 'void') counts.void += 1;
    else counts.stuck += 1;
  }
  return counts;
}

/** Limits the page shows: the engine's stake range. */
export function orcaStakeRange(gameId: string): { minMinor: number; maxMinor: number } | undefined {
  const game = orcaGameFind(gameId);
  if (!game) return undefined;
  const info = casinoGameInfo(game.engine);
  return { minMinor: info.betMinMinor, maxMinor: info.betMaxMinor };
}

/** A client seed for a player who sent none. */
export function clientSeedDefault(): string {
  return randomBytes(8).toString('hex');
}
