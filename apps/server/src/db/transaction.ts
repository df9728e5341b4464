import type { Db, Tx } from './client.ts';

interface TransactionScope {
  db: Db;
  afterCommit: (() => void)[];
}

const scopes = new WeakMap<Tx, TransactionScope>();

/**
 * Runs `work` in one database transaction at Read Committed. Every service that writes more than one row
 * goes through here, so a failure anywhere rolls back everything it wrote.
 */
export async function transaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  const afterCommit: (() => void)[] = [];
  const result = await db.transaction((tx) => {
    scopes.set(tx, { db, afterCommit });
    return work(tx);
  });
  for (const hook of afterCommit) hook();
  return result;
}

/**
 * The database a transaction opened by `transaction` belongs to, and a way to run something only once it has
 * committed (e.g. remember an id that would not exist had the transaction rolled back). Undefined for a
 * transaction opened some other way: callers then simply do without.
 */
export function transactionScope(tx: Tx): TransactionScope | undefined {
  return scopes.get(tx);
}

/**
 * Gives `tx` the scope its current user sees (db/group-commit.ts: the members of a batch take turns on one
 * transaction, each with the afterCommit hooks of its own).
 */
export function transactionScopeEnter(tx: Tx, scope: TransactionScope): void {
  scopes.set(tx, scope);
}

/** True for a Drizzle transaction handle (whoever opened it), false for the database itself. */
export function isTransaction(db: Db | Tx): db is Tx {
  return typeof (db as { rollback?: unknown }).rollback === 'function';
}
