import { transferUnbalancedCurrencies } from '@piranha/domain';
import { AppError } from '../../app-error.ts';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { isTransaction, transactionScope } from '../../db/transaction.ts';
import { bonusWalletApply, ledgerAccountHouseEnsure, ledgerAccountUserEnsure, transferWrite, walletApply, type TransferRows } from './ledger.repository.ts';

import { balanceMoved } from '../../realtime/balance-events.ts';

/** For a module that writes a prepared transfer inside one statement of its own (see ledgerTransferPrepare). */
export { transferCtes, walletMoveCte, type TransferRows } from './ledger.repository.ts';

/** House accounts: the other side of every player movement. */
export type HouseKind =
  'bets_in_play' | 'revenue' | 'bonus_liability' | 'payment_clearing' | 'casino_rounds' | 'payout_pending' | 'tax_withheld' | 'agent_commission';

/** A player's cash wallet, a player's bonus wallet (never spendable nor withdrawable), or a house account. */
export type LedgerAccountRef = { userId: number; currency: string } | { bonusOf: number; currency: string } | { house: HouseKind; currency: string };

export interface TransferRequest {
  /** What moved the money, e.g. 'bet_place', 'deposit'. */
  kind: string;
  /** The business row's id (bet, order, round); with `kind`, makes the transfer happen at most once. */
  externalRef: string;
  lines: readonly { account: LedgerAccountRef; amountMinor: number }[];
}

export interface TransferResult {
  transferId: number | undefined;
  /** False when this (kind, externalRef) had already moved money: a replay changes nothing. */
  created: boolean;
  /** When created: each player wallet the transfer moved, with its balance right after (saves re-reading it). */
  walletsAfter?: { userId: number; currency: string; balanceMinor: number }[];
}

/**
 * Ledger account ids by database, then `u:<user>:<currency>` / `h:<house>:<currency>`. An account row is never
 * changed or deleted once created, so an id seen committed stays right for the life of the process; ids are
 * remembered only after their transaction commits (an account created by a transaction that rolls back never
 * existed). Saves the two or three "ensure" statements per line on every transfer after the first.
 */
const accountIdCache = new WeakMap<Db, Map<string, number>>();

function accountKey(account: LedgerAccountRef): string {
  if ('userId' in account) return `u:${account.userId}:${account.currency}`;
  if ('bonusOf' in account) return `b:${account.bonusOf}:${account.currency}`;
  return `h:${account.house}:${account.currency}`;
}

interface LineResolved {
  accountId: number;
  currency: string;
  amountMinor: number;
  userId: number | undefined;
  /** The player whose bonus wallet this line moves. */
  bonusUserId: number | undefined;
}

/** Checks a transfer (non-zero integer lines that balance per currency) and resolves its ledger account ids. */
async function transferResolve(tx: DbOrTx, request: Omit<TransferRequest, 'externalRef'> & { externalRef?: string }): Promise<LineResolved[]> {
  if (request.lines.length < 2) throw new Error('a transfer needs at least two lines');
  for (const line of request.lines) {
    if (!Number.isSafeInteger(line.amountMinor) || line.amountMinor === 0)
      throw new Error(`ledger line amount must be a non-zero integer, got ${line.amountMinor}`);
  }
  const unbalanced = transferUnbalancedCurrencies(request.lines.map((line) => ({ currency: line.account.currency, amountMinor: line.amountMinor })));
  if (unbalanced.length > 0) throw new Error(`transfer ${request.kind}/${request.externalRef ?? '(prepared)'} does not balance in ${unbalanced.join(', ')}`);

  // Inside a transaction an id is remembered once it commits; outside one, "ensure" has committed on its own.
  const scope = transactionScope(tx as Tx);
  const cacheDb = scope?.db ?? (isTransaction(tx) ? undefined : (tx as Db));
  let known = cacheDb ? accountIdCache.get(cacheDb) : undefined;
  if (cacheDb && !known) accountIdCache.set(cacheDb, (known = new Map()));
  const resolved: LineResolved[] = [];
  for (const line of request.lines) {
    const account = line.account;
    const key = accountKey(account);
    let accountId = known?.get(key);
    if (accountId === undefined) {
      const ensured =
        'userId' in account
          ? await ledgerAccountUserEnsure(tx, account.userId, account.currency)
          : 'bonusOf' in account
            ? await ledgerAccountUserEnsure(tx, account.bonusOf, account.currency, 'bonus')
            : await ledgerAccountHouseEnsure(tx, account.house, account.currency);
      if (scope) scope.afterCommit.push(() => known!.set(key, ensured));
      else known?.set(key, ensured);
      accountId = ensured;
    }
    resolved.push({
      accountId,
      currency: account.currency,
      amountMinor: line.amountMinor,
      userId: 'userId' in account ? account.userId : undefined,
      bonusUserId: 'bonusOf' in account ? account.bonusOf : undefined,
    });
  }
  return resolved;
}

/**
 * A transfer checked and resolved but not written, for a caller that writes it as part of one statement of its own
 * (`transferCtes`, e.g. a bet and its stake in one round trip). At most one player wallet may move; the caller must
 * treat an empty `lw` as INSUFFICIENT_FUNDS and abort the statement.
 */
export async function ledgerTransferPrepare(db: DbOrTx, request: Omit<TransferRequest, 'externalRef'>): Promise<TransferRows> {
  const resolved = await transferResolve(db, request);
  const walletLines = resolved.filter((entry) => entry.userId !== undefined);
  if (walletLines.length > 1) throw new Error(`a prepared transfer moves at most one player wallet (${request.kind})`);
  if (resolved.some((entry) => entry.bonusUserId !== undefined)) throw new Error(`a prepared transfer never moves a bonus wallet (${request.kind})`);
  const wallet = walletLines[0];
  // Written by the caller's statement in this transaction (decision 041): told after its commit; a statement that
  // moved nothing (a replay, a refusal) costs a spurious hint, never a missed one.
  if (wallet) balanceMoved(db, wallet.userId!, wallet.currency, request.kind);
  return {
    kind: request.kind,
    lines: resolved.map(({ accountId, currency, amountMinor }) => ({ accountId, currency, amountMinor })),
    wallet: wallet && { accountId: wallet.accountId, amountMinor: wallet.amountMinor },
  };
}

/**
 * Moves money inside the caller's transaction: one transfer row, its lines, and the wallets of the
 * players involved. Throws INSUFFICIENT_FUNDS when a player's wallet does not cover a debit, which rolls
 * back the caller's whole transaction.
 */
export async function ledgerTransfer(tx: Tx, request: TransferRequest): Promise<TransferResult> {
  const resolved = await transferResolve(tx, request);
  // Wallets are touched in account order so two transfers over the same wallets cannot deadlock. The usual transfer
  // moves one player wallet: it goes in the same statement as the transfer and its lines (one round trip).
  const walletLines = resolved.filter((entry) => entry.userId !== undefined).sort((a, b) => a.accountId - b.accountId);
  const inline = walletLines.length === 1 ? walletLines[0]! : undefined;
  const written = await transferWrite(tx, {
    kind: request.kind,
    externalRef: request.externalRef,
    lines: resolved.map(({ accountId, currency, amountMinor }) => ({ accountId, currency, amountMinor })),
    wallet: inline && { accountId: inline.accountId, amountMinor: inline.amountMinor },
  });
  if (written.transferId === undefined) return { transferId: undefined, created: false };
  const walletsAfter = [];
  for (const line of walletLines) {
    const balanceMinor = line === inline ? written.walletBalanceMinor : await walletApply(tx, line.accountId, line.amountMinor);
    if (balanceMinor === undefined) throw new AppError('INSUFFICIENT_FUNDS');
    walletsAfter.push({ userId: line.userId!, currency: line.currency, balanceMinor });
  }
  // Bonus wallets move after the cash ones, in account order too; a debit they do not cover is a broken invariant
  // of the bonus engine (it only ever moves what it granted), so it rolls back like an uncovered cash debit.
  const bonusLines = resolved.filter((entry) => entry.bonusUserId !== undefined).sort((a, b) => a.accountId - b.accountId);
  for (const line of bonusLines) {
    if ((await bonusWalletApply(tx, line.accountId, line.amountMinor)) === undefined) throw new AppError('INSUFFICIENT_FUNDS');
  }
  // Each player wallet moved, cash or bonus: told once this transaction commits (decision 041).
  for (const line of resolved) {
    const player = line.userId ?? line.bonusUserId;
    if (player !== undefined) balanceMoved(tx, player, line.currency, request.kind);
  }
  return { transferId: written.transferId, created: true, walletsAfter };
}
