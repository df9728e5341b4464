import { createRequire } from 'node:module';

/** The PGlite the server depends on, so the ceiling and the product run the same engine. */
const serverRequire = createRequire(new URL('../../apps/server/package.json', import.meta.url));

/** performance-and-trust.md §1, the tables of bet.sql (row 7). */
const SCHEMA = `
  CREATE TABLE wallets (id int PRIMARY KEY, balance bigint CHECK (balance >= 0), version int);
  CREATE TABLE bets (id bigserial PRIMARY KEY, user_id int, stake bigint, odds numeric(8,3), idem_key text UNIQUE, created_at timestamptz);
  CREATE TABLE ledger (id bigserial PRIMARY KEY, account int, amount bigint, bet_id bigint, created_at timestamptz);
  CREATE INDEX ON ledger (account);
  CREATE INDEX ON bets (user_id);
`;

const DEBIT = 'UPDATE wallets SET balance = balance - $2, version = version + 1 WHERE id = $1 AND balance >= $2';
const BET =
  'INSERT INTO bets (user_id, stake, odds, idem_key, created_at) VALUES ($1, $2, 1.95, md5(random()::text || clock_timestamp()::text), now()) RETURNING id';
const LEGS = 'INSERT INTO ledger (account, amount, bet_id, created_at) VALUES ($1, $2, $3, now()), (0, $4, $3, now())';

function percentile(sorted, fraction) {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

/**
 * Rows 7 and 14: the bet-like transaction (conditional wallet debit, the bet, two ledger legs) as three
 * `tx.query` calls inside `db.transaction`, on an in-memory PGlite, one connection, for `seconds`.
 */
export async function pgliteBetLoop({ seconds, wallets = 100_000 }) {
  const { PGlite } = serverRequire('@electric-sql/pglite');
  const setupStarted = performance.now();
  const db = await PGlite.create();
  try {
    await db.exec(SCHEMA);
    // Wallet 0 is the house; every player starts rich enough that no debit is refused.
    await db.exec(`INSERT INTO wallets SELECT g, 1000000000, 0 FROM generate_series(0, ${wallets}) AS g; ANALYZE;`);
    const setupMs = performance.now() - setupStarted;

    const bet = async () => {
      const uid = 1 + Math.floor(Math.random() * wallets);
      const amount = 1 + Math.floor(Math.random() * 100);
      await db.transaction(async (tx) => {
        await tx.query(DEBIT, [uid, amount]);
        const { rows } = await tx.query(BET, [uid, amount]);
        await tx.query(LEGS, [uid, -amount, rows[0].id, amount]);
      });
    };

    // A short warm-up so the first figures are not the JIT's.
    const warmupEnd = performance.now() + Math.min(1000, seconds * 100);
    while (performance.now() < warmupEnd) await bet();

    const latencies = [];
    const started = performance.now();
    const end = started + seconds * 1000;
    while (performance.now() < end) {
      const before = performance.now();
      await bet();
      latencies.push(performance.now() - before);
    }
    const elapsedMs = performance.now() - started;
    latencies.sort((a, b) => a - b);

    // The ledger must balance: the bench would be measuring a broken transaction otherwise.
    const { rows } = await db.query('SELECT coalesce(sum(amount), 0)::text AS total, count(*)::int AS legs FROM ledger');
    return {
      txPerSecond: (latencies.length / elapsedMs) * 1000,
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
      setupMs,
      wallets,
      ledgerBalanced: rows[0].total === '0',
    };
  } finally {
    await db.close();
  }
}
