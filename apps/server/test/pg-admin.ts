/**
 * The PostgreSQL administration the server tests need around their databases (harness.ts, global-setup.ts): one
 * statement on the server's maintenance connection, and waiting until a closed pool's connections are gone.
 */
import pg from 'pg';

/** Runs `work` on a new connection to the server of `serverUrl`, closed afterwards. */
export async function pgAdmin<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Waits (up to 2 s) until the server sees no connection to database `name`: pg's pool.end() resolves before its
 * sockets have closed, and both DROP … WITH (FORCE) (its clients would raise unhandled 57P01 errors) and CREATE
 * DATABASE … TEMPLATE (refused while the template has a connection) need them gone.
 */
export async function connectionsGone(admin: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const { rows } = await admin.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
