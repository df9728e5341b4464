import type { DbOrTx } from '../../db/client.ts';
import { errorReports, trackingEvents } from '../../db/schema/index.ts';

export async function errorReportInsert(db: DbOrTx, row: { userId: number | undefined; appKey: string; payload: unknown }): Promise<number> {
  const [inserted] = await db.insert(errorReports).values(row).returning({ id: errorReports.id });
  if (!inserted) throw new Error('error report insert returned nothing');
  return inserted.id;
}

export async function trackingEventsInsert(
  db: DbOrTx,
  rows: readonly {
    kind: 'md' | 'log';
    event: string;
    userId: number | undefined;
    appKey: string;
    loadingMs?: number;
    payload: unknown;
    day?: string;
    eid?: string | undefined;
    visitor?: string | undefined;
  }[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  // Append-only; an event id seen before (a retried upload) is not stored twice.
  const inserted = await db
    .insert(trackingEvents)
    .values([...rows])
    .onConflictDoNothing({ target: trackingEvents.eid })
    .returning({ id: trackingEvents.id });
  return inserted.map((row) => row.id);
}
