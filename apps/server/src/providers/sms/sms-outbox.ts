import { desc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { smsOutbox } from '../../db/schema/index.ts';
import type { SmsProvider } from './sms.ts';

/** The sandbox SMS gateway: every message goes to sms_outbox, readable at /dev/smsbox outside production. */
export function smsProviderOutbox(db: Db, now: () => Date): SmsProvider {
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(smsOutbox).values({ appKey: message.appKey, toPhone: message.to, text: message.text, createdAt: now() });
    },
  };
}

export async function smsOutboxLatest(db: DbOrTx, limit: number, to?: string) {
  return db
    .select()
    .from(smsOutbox)
    .where(to ? eq(smsOutbox.toPhone, to) : undefined)
    .orderBy(desc(smsOutbox.id))
    .limit(limit);
}
