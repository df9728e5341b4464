import type { Db, Tx } from './client.ts';

/**
 * Runs `work` in one database transaction at Read Committed. Every service that writes more than one row
 * goes through here, so a failure anywhere rolls back everything it wrote.
 */
export function transaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(work);
}
