import { and, desc, eq, gte, inArray, isNull, lt, lte, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  paymentAccounts,
  paymentAppeals,
  paymentEvents,
  paymentOrders,
  paymentWebhookEvents,
  payinCodes,
  payinCodeUses,
  payoutSocialClicks,
  pddRewards,
  withdrawLocks,
} from '../../db/schema/index.ts';

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
export type PaymentOrderInsert = typeof paymentOrders.$inferInsert;

export async function orderInsert(tx: DbOrTx, row: PaymentOrderInsert): Promise<PaymentOrderRow> {
  const [inserted] = await tx.insert(paymentOrders).values(row).returning();
  return inserted!;
}

export async function orderOfUser(tx: DbOrTx, userId: number, orderId: string): Promise<PaymentOrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.orderId, orderId), eq(paymentOrders.userId, userId)));
  return row;
}

/** Locks the order row for the rest of the transaction so two notifications about it apply one after the other. */
export async function orderLockByProviderRef(tx: DbOrTx, provider: string, providerRef: string): Promise<PaymentOrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.provider, provider), eq(paymentOrders.providerRef, providerRef)))
    .for('update');
  return row;
}

export async function orderLockById(tx: DbOrTx, id: number): Promise<PaymentOrderRow | undefined> {
  const [row] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, id)).for('update');
  return row;
}

export async function orderStateSet(
  tx: DbOrTx,
  id: number,
  state: { status: number; payStatus: number; firstDeposit?: boolean; payinCode?: string },
  now: Date,
): Promise<void> {
  await tx
    .update(paymentOrders)
    .set({ ...state, updatedAt: now })
    .where(eq(paymentOrders.id, id));
}

/**
 * Stores what the provider answered for an order committed before the call: its reference and, for a pay-in, the
 * payment instruction and the state it opens in. Only an order still in `expectedStatus` takes it (a webhook or
 * the timeout sweep may have closed it meanwhile); undefined otherwise.
 */
/**
 * Stores the provider's answer for an order still waiting for it (`expectedStatus`, its reference still the order id
 * placeholder); undefined when it is not waiting any more — the answer is stored once, even when a retry that resumed
 * the order and the original request both got one (decision 016).
 */
export async function orderProviderSet(
  tx: DbOrTx,
  id: number,
  expectedStatus: number,
  started: { providerRef: string; instruction?: Record<string, unknown>; status?: number; payStatus?: number },
  now: Date,
): Promise<PaymentOrderRow | undefined> {
  const [row] = await tx
    .update(paymentOrders)
    .set({ ...started, updatedAt: now })
    .where(and(eq(paymentOrders.id, id), eq(paymentOrders.status, expectedStatus), sql`${paymentOrders.providerRef} = ${paymentOrders.orderId}`))
    .returning();
  return row;
}

export async function orderById(tx: DbOrTx, id: number): Promise<PaymentOrderRow | undefined> {
  const [row] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, id));
  return row;
}

/** Open pay-ins past their expiry (oldest first), for the timeout sweep. */
export async function ordersExpiredOpen(tx: DbOrTx, now: Date, limit: number): Promise<{ id: number }[]> {
  return tx
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.direction, 'payin'), inArray(paymentOrders.status, [0, 1]), lte(paymentOrders.expiresAt, now)))
    .orderBy(paymentOrders.expiresAt)
    .limit(limit);
}

/**
 * Payouts committed before `before` whose provider was never asked (still pending, their reference still the order
 * id): what a process that died between its commit and the provider call left behind. Oldest first.
 */
export async function payoutsAwaitingProvider(tx: DbOrTx, before: Date, limit: number): Promise<PaymentOrderRow[]> {
  return tx
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.direction, 'payout'),
        eq(paymentOrders.status, 1),
        eq(paymentOrders.providerRef, paymentOrders.orderId),
        lt(paymentOrders.createdAt, before),
      ),
    )
    .orderBy(paymentOrders.id)
    .limit(limit);
}

/** Pay-ins of a day that count against the daily maximum: paid ones and open ones not yet expired. */
export async function payinSumSince(tx: DbOrTx, userId: number, currency: string, since: Date, now: Date): Promise<number> {
  const [row] = await tx
    .select({ total: sum(paymentOrders.amountMinor) })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.userId, userId),
        eq(paymentOrders.direction, 'payin'),
        eq(paymentOrders.currency, currency),
        gte(paymentOrders.createdAt, since),
        sql`(${paymentOrders.status} = 4 or (${paymentOrders.status} in (0, 1) and ${paymentOrders.expiresAt} > ${now}))`,
      ),
    );
  return Number(row?.total ?? 0);
}

export async function payinPaidExists(tx: DbOrTx, userId: number, exceptOrderId?: number): Promise<boolean> {
  const rows = await tx
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.userId, userId),
        eq(paymentOrders.direction, 'payin'),
        eq(paymentOrders.status, 4),
        exceptOrderId === undefined ? undefined : sql`${paymentOrders.id} <> ${exceptOrderId}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function payinLastPaid(tx: DbOrTx, userId: number): Promise<PaymentOrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, userId), eq(paymentOrders.direction, 'payin'), eq(paymentOrders.status, 4)))
    .orderBy(desc(paymentOrders.id))
    .limit(1);
  return row;
}

export async function payoutPendingSum(tx: DbOrTx, userId: number, currency: string): Promise<number> {
  const [row] = await tx
    .select({ total: sum(paymentOrders.amountMinor) })
    .from(paymentOrders)
    .where(
      and(eq(paymentOrders.userId, userId), eq(paymentOrders.direction, 'payout'), eq(paymentOrders.currency, currency), inArray(paymentOrders.status, [0, 1])),
    );
  return Number(row?.total ?? 0);
}

export async function withdrawLockedSum(tx: DbOrTx, userId: number, currency: string): Promise<number> {
  const [row] = await tx
    .select({ total: sum(withdrawLocks.amountMinor) })
    .from(withdrawLocks)
    .where(and(eq(withdrawLocks.userId, userId), eq(withdrawLocks.currency, currency), isNull(withdrawLocks.releasedAt)));
  return Number(row?.total ?? 0);
}

/** Serialises one player's money requests of one kind inside the transaction (PostgreSQL and PGlite alike). */
export async function userMoneyLock(tx: DbOrTx, scope: string, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${scope}:${userId}`}))`);
}

export interface HistoryFilter {
  direction?: 'payin' | 'payout';
  payStatuses?: readonly number[];
  beforeId?: number;
  limit: number;
}

export async function ordersOfUser(tx: DbOrTx, userId: number, filter: HistoryFilter) {
  return tx
    .select({ order: paymentOrders, appealStatus: paymentAppeals.status })
    .from(paymentOrders)
    .leftJoin(paymentAppeals, eq(paymentAppeals.orderId, paymentOrders.orderId))
    .where(
      and(
        eq(paymentOrders.userId, userId),
        filter.direction ? eq(paymentOrders.direction, filter.direction) : undefined,
        filter.payStatuses === undefined ? undefined : inArray(paymentOrders.payStatus, [...filter.payStatuses]),
        filter.beforeId === undefined ? undefined : lt(paymentOrders.id, filter.beforeId),
      ),
    )
    .orderBy(desc(paymentOrders.id))
    .limit(filter.limit);
}

export async function payoutLastPaidUnshared(tx: DbOrTx, userId: number): Promise<PaymentOrderRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.userId, userId),
        eq(paymentOrders.direction, 'payout'),
        eq(paymentOrders.status, 4),
        sql`not exists (select 1 from ${payoutSocialClicks} c where c.order_id = ${paymentOrders.orderId})`,
      ),
    )
    .orderBy(desc(paymentOrders.id))
    .limit(1);
  return row;
}

export async function socialClickInsert(tx: DbOrTx, row: typeof payoutSocialClicks.$inferInsert): Promise<void> {
  await tx.insert(payoutSocialClicks).values(row).onConflictDoNothing();
}

// Accounts ------------------------------------------------------------------------------------------------

export async function accountOf(tx: DbOrTx, userId: number, channel: string, currency: string) {
  const [row] = await tx
    .select()
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.userId, userId), eq(paymentAccounts.channel, channel), eq(paymentAccounts.currency, currency)));
  return row;
}

export async function accountsOfUser(tx: DbOrTx, userId: number) {
  return tx.select().from(paymentAccounts).where(eq(paymentAccounts.userId, userId));
}

export async function accountUpsert(tx: DbOrTx, row: typeof paymentAccounts.$inferInsert): Promise<void> {
  await tx
    .insert(paymentAccounts)
    .values(row)
    .onConflictDoUpdate({
      target: [paymentAccounts.userId, paymentAccounts.channel, paymentAccounts.currency],
      set: { elements: row.elements, updatedAt: row.updatedAt },
    });
}

// Webhook log, events ------------------------------------------------------------------------------------

export async function webhookEventInsert(tx: DbOrTx, row: typeof paymentWebhookEvents.$inferInsert): Promise<void> {
  await tx.insert(paymentWebhookEvents).values(row).onConflictDoNothing();
}

export async function paymentEventInsert(tx: DbOrTx, row: typeof paymentEvents.$inferInsert): Promise<void> {
  await tx.insert(paymentEvents).values(row).onConflictDoNothing();
}

// Appeals ------------------------------------------------------------------------------------------------

export async function appealOf(tx: DbOrTx, orderId: string) {
  const [row] = await tx.select().from(paymentAppeals).where(eq(paymentAppeals.orderId, orderId));
  return row;
}

export async function appealLock(tx: DbOrTx, appealId: number) {
  const [row] = await tx.select().from(paymentAppeals).where(eq(paymentAppeals.id, appealId)).for('update');
  return row;
}

export async function appealStatusSet(tx: DbOrTx, appealId: number, status: number, now: Date) {
  const [row] = await tx.update(paymentAppeals).set({ status, updatedAt: now }).where(eq(paymentAppeals.id, appealId)).returning();
  return row!;
}

export async function orderLockByOrderId(tx: DbOrTx, orderId: string): Promise<PaymentOrderRow | undefined> {
  const [row] = await tx.select().from(paymentOrders).where(eq(paymentOrders.orderId, orderId)).for('update');
  return row;
}

export async function appealInsert(tx: DbOrTx, row: typeof paymentAppeals.$inferInsert) {
  const [inserted] = await tx.insert(paymentAppeals).values(row).onConflictDoNothing().returning();
  return inserted;
}

// Payin codes ---------------------------------------------------------------------------------------------

export async function payinCodeOf(tx: DbOrTx, code: string) {
  const [row] = await tx.select().from(payinCodes).where(eq(payinCodes.code, code));
  return row;
}

export async function payinCodeUseOf(tx: DbOrTx, code: string, userId: number) {
  const [row] = await tx
    .select()
    .from(payinCodeUses)
    .where(and(eq(payinCodeUses.code, code), eq(payinCodeUses.userId, userId)));
  return row;
}

export async function payinCodeUseInsert(tx: DbOrTx, row: typeof payinCodeUses.$inferInsert): Promise<boolean> {
  const inserted = await tx.insert(payinCodeUses).values(row).onConflictDoNothing().returning({ code: payinCodeUses.code });
  return inserted.length === 1;
}

// PDD ------------------------------------------------------------------------------------------------------

export async function pddRewardLock(tx: DbOrTx, pddUid: string, userId: number) {
  const [row] = await tx
    .select()
    .from(pddRewards)
    .where(and(eq(pddRewards.pddUid, pddUid), eq(pddRewards.userId, userId)))
    .for('update');
  return row;
}

export async function pddRewardWithdrawn(tx: DbOrTx, pddUid: string, now: Date): Promise<void> {
  await tx.update(pddRewards).set({ status: 'withdrawn', withdrawnAt: now }).where(eq(pddRewards.pddUid, pddUid));
}
