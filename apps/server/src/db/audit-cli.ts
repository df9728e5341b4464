/**
 * `npm run db:audit`: proves every wallet equals the sum of its ledger lines and every transfer sums to
 * zero per currency. Exits 1 on any drift, so it can gate a deploy or a nightly job.
 *
 * On the embedded database it first asks a running server through its operator socket (only that server may open the
 * folder: db/pglite-lock.ts); with no server running it opens the folder itself.
 */
import { configLoad, type AppConfig } from '../config.ts';
import { ledgerAudit, type LedgerAuditResult } from '../modules/ledger/ledger.repository.ts';
import { OPS_SOCKET_AUDIT_PATH, opsSocketCall } from '../ops-socket.ts';
import { databaseOpen } from './client.ts';
import { PgliteLockedError, pgliteSocketPath } from './pglite-lock.ts';

/** Prints the result and answers the exit code: 0 clean, 1 on any drift. */
function auditReport(result: LedgerAuditResult, source: string): number {
  const problems = result.walletDrift.length + result.unbalancedTransfers.length + result.thinTransfers.length;
  console.log(
    `ledger audit (${source}): ${result.walletDrift.length} wallet drift, ${result.unbalancedTransfers.length} unbalanced transfer(s), ${result.thinTransfers.length} transfer(s) with fewer than two lines`,
  );
  for (const row of result.walletDrift) console.log(`  wallet account ${row.accountId}: balance ${row.balanceMinor} ≠ lines ${row.linesMinor}`);
  for (const row of result.unbalancedTransfers) console.log(`  transfer ${row.transferId} ${row.currency}: sums to ${row.sumMinor}`);
  for (const row of result.thinTransfers) console.log(`  transfer ${row.transferId}: ${row.lineCount} line(s)`);
  return problems === 0 ? 0 : 1;
}

/** The audit from the server running over this embedded database, or undefined when none listens. */
async function auditThroughServer(dataDir: string): Promise<number | undefined> {
  const answer = await opsSocketCall(pgliteSocketPath(dataDir), 'GET', OPS_SOCKET_AUDIT_PATH);
  if (!answer) return undefined;
  if (answer.status !== 200) throw new Error(`the running server answered the audit with HTTP ${answer.status}: ${answer.text}`);
  const { pid, result } = JSON.parse(answer.text) as { pid: number; result: LedgerAuditResult };
  return auditReport(result, `pglite, through the running server pid ${pid}`);
}

async function auditDirect(config: AppConfig): Promise<number> {
  const database = await databaseOpen({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, lockOwner: { role: 'npm run db:audit' } });
  try {
    return auditReport(await ledgerAudit(database.db), database.driver);
  } finally {
    await database.close();
  }
}

async function main(): Promise<number> {
  const config = configLoad(process.env);
  if (!config.databaseUrl && config.dataDir) {
    const throughServer = await auditThroughServer(config.dataDir);
    if (throughServer !== undefined) return throughServer;
  }
  return auditDirect(config);
}

try {
  process.exitCode = await main();
} catch (error) {
  // A held database is an operator's situation, not a crash: its message alone.
  if (!(error instanceof PgliteLockedError)) throw error;
  console.error(`db:audit cannot run: ${error.message}`);
  process.exitCode = 1;
}
