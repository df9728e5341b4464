import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';

/**
 * The sandbox PSP's payout books in the database (`sandbox_psp_payouts`, decision 042): the first reference recorded
 * for an order is the payout; a later ask for the same order (our process died before storing the answer) gets it.
 */
export function sandboxPayoutBook(db: Db, now: () => Date) {
  return {
    async record(orderId: string, providerRef: string, netAmountMinor: number): Promise<string> {
      await rowsOf(
        db,
        sql`insert into sandbox_psp_payouts (order_id, provider_ref, net_amount_minor, created_at)
            values (${orderId}, ${providerRef}, ${netAmountMinor}, ${now()}) on conflict (order_id) do nothing`,
      );
      const [row] = await rowsOf<{ provider_ref: string }>(db, sql`select provider_ref from sandbox_psp_payouts where order_id = ${orderId}`);
      return row!.provider_ref;
    },
  };
}
