/**
 * `npm run db:audit`: proves every wallet equals the sum of its ledger lines and every transfer sums to
 * zero per currency. Exits 1 on any drift, so it can gate a deploy or a nightly job.
 */
import { configLoad } from '../config.ts';
import { ledgerAudit } from '../modules/ledger/ledger.repository.ts';
import { databaseOpen } from './client.ts';

const config = configLoad(process.env);
const database = await databaseOpen({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const result = await ledgerAudit(database.db);
  const problems = result.walletDrift.length + result.unbalancedTransfers.length + result.thinTransfers.length;
  console.log(
    `ledger audit (${database.driver}): ${result.walletDrift.length} wallet drift, ${result.unbalancedTransfers.length} unbalanced transfer(s), ${result.thinTransfers.length} transfer(s) with fewer than two lines`,
  );
  for (const row of result.walletDrift) console.log(`  wallet account ${row.accountId}: balance ${row.balanceMinor} ≠ lines ${row.linesMinor}`);
  for (const row of result.unbalancedTransfers) console.log(`  transfer ${row.transferId} ${row.currency}: sums to ${row.sumMinor}`);
  for (const row of result.thinTransfers) console.log(`  transfer ${row.transferId}: ${row.lineCount} line(s)`);
  process.exitCode = problems === 0 ? 0 : 1;
} finally {
  await database.close();
}
