import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountProfiles, casinoSessions, casinoWalletTxns, wallets } from '../../db/schema/index.ts';

export type WalletTxn = typeof casinoWalletTxns.$inferSelect;
export type WalletTxnInsert = typeof casinoWalletTxns.$inferInsert;

/** Inserts the transaction, or answers undefined when (partner, transaction_uuid) is already taken. */
export async function walletTxnInsert(tx: DbOrTx, row: WalletTxnInsert): Promise<number | undefined> {
  const [inserted] = await tx.insert(casinoWalletTxns).values(row).onConflictDoNothing().returning({ id: casinoWalletTxns.id });
  return inserted?.id;
}

export async function walletTxnFind(tx: DbOrTx, partner: string, transactionUuid: string, forUpdate = false): Promise<WalletTxn | undefined> {
  const query = tx
    .select()
    .from(casinoWalletTxns)
    .where(and(eq(casinoWalletTxns.partner, partner), eq(casinoWalletTxns.transactionUuid, transactionUuid)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function walletTxnSettle(tx: DbOrTx, id: number, fields: Partial<Pick<WalletTxn, 'state' | 'response'>>): Promise<void> {
  await tx.update(casinoWalletTxns).set(fields).where(eq(casinoWalletTxns.id, id));
}

export async function walletBalanceOf(tx: DbOrTx, userId: number, currency: string): Promise<number> {
  const [row] = await tx
    .select({ balance: wallets.balanceMinor })
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.currency, currency)));
  return row?.balance ?? 0;
}

export async function casinoSessionFind(tx: DbOrTx, tokenHash: string) {
  const [row] = await tx.select().from(casinoSessions).where(eq(casinoSessions.tokenHash, tokenHash));
  return row;
}

/** The game session behind a token hash, with whether its player's account is closed — one query. */
export async function casinoSessionWithUser(tx: DbOrTx, tokenHash: string) {
  const [row] = await tx
    .select({
      userId: casinoSessions.userId,
      platform: casinoSessions.platform,
      gameId: casinoSessions.gameId,
      currency: casinoSessions.currency,
      expiresAt: casinoSessions.expiresAt,
      userClosed: sql<boolean>`${accountProfiles.closedAt} is not null`,
    })
    .from(casinoSessions)
    .leftJoin(accountProfiles, eq(accountProfiles.userId, casinoSessions.userId))
    .where(eq(casinoSessions.tokenHash, tokenHash));
  return row;
}
