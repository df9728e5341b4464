/**
 * The restore drill (scripts/db-restore-drill.mjs) against the machine's PostgreSQL: a database with money in it is
 * dumped, restored into a new database, audited clean, and a server starts on the copy and answers /readyz. On the
 * embedded-database run of the suite there is no PostgreSQL to dump: the drill must refuse plainly instead.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { transaction } from '../src/db/transaction.ts';
import { ledgerTransfer } from '../src/modules/ledger/ledger.service.ts';
import { sessionIssueForNewVisitor } from '../src/modules/session/session.service.ts';
import { rowsOf, testDatabaseCreate } from './harness.ts';
import { scriptRun } from './server-process.ts';

const serverUrl = process.env.TEST_DATABASE_URL;

async function drillDatabasesLeft(url: string): Promise<string[]> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where datname like 'piranha_drill_%'`);
    return rows.map((row) => row.datname);
  } finally {
    await admin.end();
  }
}

describe('the restore drill', () => {
  if (serverUrl) {
    it('dumps, restores into a new database, audits it clean and starts the server on it; then drops the copy', { timeout: 300_000 }, async () => {
      const source = await testDatabaseCreate();
      try {
        const player = await sessionIssueForNewVisitor(source.db, 'piranha', new Date());
        await transaction(source.db, (tx) =>
          ledgerTransfer(tx, {
            kind: 'deposit',
            externalRef: `drill-${player.uid}`,
            lines: [
              { account: { house: 'payment_clearing', currency: 'BRL' }, amountMinor: -12_345 },
              { account: { userId: player.uid, currency: 'BRL' }, amountMinor: 12_345 },
            ],
          }),
        );
        const before = await drillDatabasesLeft(serverUrl);
        const drill = await scriptRun('db:restore-drill', [], { ...process.env, DATABASE_URL: source.url });
        expect(drill.code, drill.stdout + drill.stderr).toBe(0);
        expect(drill.stdout).toContain('restore drill: 3/4 ledger audit (postgres): 0 wallet drift, 0 unbalanced transfer(s)');
        expect(drill.stdout).toMatch(/restore drill: 4\/4 the server started on it: \/readyz \{"status":"ready"/);
        expect(drill.stdout).toContain('restore drill: passed');
        expect(await drillDatabasesLeft(serverUrl)).toEqual(before);
        // The source is untouched by its backup.
        const [wallet] = await rowsOf<{ balance_minor: string }>(source.db, sql`select balance_minor from wallets where user_id = ${player.uid}`);
        expect(Number(wallet!.balance_minor)).toBe(12_345);
      } finally {
        await source.close();
      }
    });
  } else {
    it('refuses plainly without a PostgreSQL database to dump', { timeout: 60_000 }, async () => {
      const env = { ...process.env, DATABASE_URL: '' };
      const drill = await scriptRun('db:restore-drill', [], env);
      expect(drill.code).toBe(2);
      expect(drill.stderr).toContain('DATABASE_URL must name the PostgreSQL database');
      const backup = await scriptRun('db:backup', [], env);
      expect(backup.code).toBe(2);
      expect(backup.stderr).toContain('db-backup: DATABASE_URL must name the PostgreSQL database to back up');
    });
  }
});
