import { realtimeTopic, type RealtimeEvent } from '@piranha/contract';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { isTransaction, transactionScope } from '../db/transaction.ts';
import type { RealtimePublisher } from './realtime-bus.ts';

/**
 * `balance_changed` for every money move, from one place (decision 041): the ledger tells `balanceMoved` of each
 * player wallet (cash or bonus) a transfer moves, and once the transaction commits — never before, never for one that
 * rolled back — each player and currency it moved is told once. Every module that moves money through the ledger
 * inside `transaction()` is covered without a line of its own: bonus claims, unlocks and conversions, VIP and task
 * rewards, wheel spins, raffle, ranking and cash-back payouts, activity claims, casino rounds and wallet calls,
 * deposits, withdrawals, settlements.
 *
 * Not covered: a transfer written outside `transaction()` (a bet placement's one statement, which the page itself
 * made and reads back; a savepoint inside another transaction): there is no commit to wait for here.
 */
type BalanceReason = Extract<RealtimeEvent, { type: 'balance_changed' }>['reason'];

const publishers = new WeakMap<Db, RealtimePublisher[]>();
const pending = new WeakMap<object, Map<string, { userId: number; currency: string; reason: BalanceReason }>>();

/** The app publishes balance events for transactions on `db` (several apps on one database in tests: the first open one). */
export function balanceEventsAttach(db: Db, publisher: RealtimePublisher): () => void {
  const list = publishers.get(db) ?? [];
  list.push(publisher);
  publishers.set(db, list);
  return () => {
    const at = list.indexOf(publisher);
    if (at >= 0) list.splice(at, 1);
  };
}

/** What the page is told moved its balance, from the ledger transfer's kind. */
export function balanceReasonOf(kind: string): BalanceReason {
  if (kind.startsWith('payin')) return 'deposit';
  if (kind.startsWith('payout')) return 'withdrawal';
  if (kind === 'bet_place') return 'bet_placed';
  if (kind.startsWith('bet_')) return 'bet_settled';
  if (kind.startsWith('casino')) return 'casino';
  if (kind.startsWith('bonus') || kind === 'free_bet' || kind === 'vip_bonus') return 'bonus';
  return 'other';
}

/** Called by the ledger for each player wallet a transfer moved inside `tx`. */
export function balanceMoved(tx: DbOrTx, userId: number, currency: string, kind: string): void {
  if (!isTransaction(tx)) return;
  const scope = transactionScope(tx as Tx);
  if (!scope) return;
  let moves = pending.get(scope);
  if (!moves) {
    const created = new Map<string, { userId: number; currency: string; reason: BalanceReason }>();
    moves = created;
    pending.set(scope, created);
    scope.afterCommit.push(() => {
      const publisher = publishers.get(scope.db)?.[0];
      if (!publisher) return;
      for (const move of created.values())
        publisher.publish(realtimeTopic.player(move.userId), { type: 'balance_changed', reason: move.reason, currency: move.currency });
    });
  }
  // One event per player and currency per transaction: the first transfer's reason names it.
  const key = `${userId}:${currency}`;
  if (!moves.has(key)) moves.set(key, { userId, currency, reason: balanceReasonOf(kind) });
}

/**
 * A move committed outside `transaction()` by a statement of its own (a casino wallet's one-statement bet, decision
 * 074), told once the caller knows it committed.
 */
export function balanceMovedNow(db: Db, userId: number, currency: string, kind: string): void {
  publishers.get(db)?.[0]?.publish(realtimeTopic.player(userId), { type: 'balance_changed', reason: balanceReasonOf(kind), currency });
}
