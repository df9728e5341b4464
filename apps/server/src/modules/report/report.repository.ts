import type { DbOrTx } from '../../db/client.ts';
import { errorReports, trackingEvents } from '../../db/schema/index.ts';

export async function errorReportInsert(db: DbOrTx, row: { userId: number | undefined; appKey: string; payload: unknown }): Promise<number> {
  const [inserted] = await db.insert(errorReports).values(row).returning({ id: errorReports.id });
  if (!inserted) throw new Error('error report insert returned nothing');
  return inserted.id;
}

export async function trackingEventsInsert(
  db: DbOrTx,
  rows: readonly { kind: 'md' | 'log'; event: string; userId: number | undefined; appKey: string; loadingMs?: number; payload: unknown }[],
): Promise<number[]> {
  const inserted = await db
    .insert(trackingEvents)
    .values([...rows])
    .returning({ id: trackingEvents.id });
  return inserted.map((row) => row.id);
}
