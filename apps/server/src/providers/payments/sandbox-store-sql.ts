import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.ts';
import type { SandboxPayment, SandboxStore } from './sandbox-psp.ts';

type Stored = Omit<SandboxPayment, 'expiresAt'> & { expiresAt: string | null };

function stored(payment: SandboxPayment): Stored {
  return { ...payment, expiresAt: payment.expiresAt ? payment.expiresAt.toISOString() : null };
}

function paymentOf(data: unknown): SandboxPayment {
  const row = (typeof data === 'string' ? JSON.parse(data) : data) as Stored;
  return { ...row, expiresAt: row.expiresAt === null ? undefined : new Date(row.expiresAt) };
}

/**
 * The sandbox PSP's books in the database (`sandbox_psp_payments`, decision 042), shared by every node and outliving a
 * kill -9 as a real provider's do. The first payment recorded for an order and direction is the one; a second start
 * for the same order (a retry after our process died) is answered with it.
 */
export function sandboxStoreSql(db: Db, now: () => Date): SandboxStore {
  const put = async (payment: SandboxPayment, onConflict: 'update' | 'nothing') => {
    const row = sql`(${payment.provider}, ${payment.providerRef}, ${payment.direction}, ${payment.orderId}, ${payment.state}, ${JSON.stringify(stored(payment))}::jsonb, ${now()})`;
    await rowsOf(
      db,
      onConflict === 'update'
        ? sql`insert into sandbox_psp_payments (provider, provider_ref, direction, order_id, state, data, created_at) values ${row}
              on conflict (provider, provider_ref) do update set state = excluded.state, data = excluded.data`
        : sql`insert into sandbox_psp_payments (provider, provider_ref, direction, order_id, state, data, created_at) values ${row}
              on conflict do nothing`,
    );
  };
  return {
    async get(provider, providerRef) {
      const [row] = await rowsOf<{ data: unknown }>(
        db,
        sql`select data from sandbox_psp_payments where provider = ${provider} and provider_ref = ${providerRef}`,
      );
      return row ? paymentOf(row.data) : undefined;
    },
    put: (payment) => put(payment, 'update'),
    async open(provider) {
      const rows = await rowsOf<{ data: unknown }>(
        db,
        sql`select data from sandbox_psp_payments where provider = ${provider} and state = 'open' order by created_at desc, provider_ref desc limit 200`,
      );
      return rows.map((row) => paymentOf(row.data));
    },
    async firstOf(payment) {
      await put(payment, 'nothing');
      const [row] = await rowsOf<{ data: unknown }>(
        db,
        sql`select data from sandbox_psp_payments where direction = ${payment.direction} and order_id = ${payment.orderId}`,
      );
      return paymentOf(row!.data);
    },
  };
}
