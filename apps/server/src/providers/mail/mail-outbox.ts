import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';

/** The newest mails the sandbox kept, optionally to one address. */
export async function mailOutboxLatest(db: DbOrTx, limit: number, to?: string) {
  return db
    .select()
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.toAddress, to) : undefined)
    .orderBy(desc(mailOutbox.id))
    .limit(limit);
}
