import { resolve } from 'node:path';
import { orcaAppBuild } from './orca-app.ts';
import { orcaSecretFromProvidersFile } from './orca-providers-file.ts';
import { orcaReconcile, type OrcaRoundsDeps } from './orca-rounds.ts';
import { RoundJournal } from './round-journal.ts';
import { WalletClient } from './wallet-client.ts';

/**
 * Orca Games as its own process (decision 072). Reads CASINO_PROVIDERS_FILE for its wallet secret (the file the
 * operator's server reads too), keeps its rounds in a journal under ORCA_DATA_DIR, listens on ORCA_PORT, and at start
 * (then every ORCA_SWEEP_MS) finishes the rounds a previous process left half-done.
 */
function intOf(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number`);
  return value;
}

function log(message: string, fields: Record<string, unknown> = {}): void {
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), service: 'orca', msg: message, ...fields })}\n`);
}

const providersFile = process.env.CASINO_PROVIDERS_FILE;
if (!providersFile) {
  console.error('Orca Games needs CASINO_PROVIDERS_FILE (its entry holds the wallet secret it shares with the casino).');
  process.exit(1);
}
const walletUrl = process.env.ORCA_WALLET_URL || 'http://127.0.0.1:8080';
const frameAncestors = (process.env.ORCA_FRAME_ANCESTORS || `${new URL(walletUrl).origin}`).split(/[\s,]+/).filter(Boolean);
const journal = new RoundJournal(resolve(process.env.ORCA_DATA_DIR || 'data/orca'));
const wallet = new WalletClient({
  walletUrl,
  partner: 'orca',
  secret: orcaSecretFromProvidersFile(providersFile),
  timeoutMs: intOf('ORCA_WALLET_TIMEOUT_MS', 5000),
  attempts: Math.max(1, intOf('ORCA_WALLET_ATTEMPTS', 4)),
  backoffMs: intOf('ORCA_WALLET_BACKOFF_MS', 250),
  log,
});
const rounds: OrcaRoundsDeps = { journal, wallet, now: () => new Date(), log };
const app = orcaAppBuild({ rounds, frameAncestors });

const port = intOf('ORCA_PORT', 8090);
const host = process.env.ORCA_HOST || '127.0.0.1';
await app.listen({ port, host });
const address = app.server.address();
const actualPort = typeof address === 'object' && address ? address.port : port;
console.log(`Orca Games (provider process) on http://127.0.0.1:${actualPort}/ (pid ${process.pid})`);

let sweeping = false;
async function sweep(): Promise<void> {
  if (sweeping) return;
  sweeping = true;
  try {
    const counts = await orcaReconcile(rounds, { recovered: true });
    if (counts.settled + counts.void + counts.stuck > 0)
      console.log(`orca: reconciled ${counts.settled} settled, ${counts.void} void, ${counts.stuck} waiting`);
  } catch (error) {
    log('reconcile failed', { error: (error as Error).message });
  } finally {
    sweeping = false;
  }
}
// Rounds a killed process left half-done are finished first; what the wallet cannot take yet is tried again later.
await sweep();
console.log('orca: ready');
const timer = setInterval(() => void sweep(), intOf('ORCA_SWEEP_MS', 30_000));

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    clearInterval(timer);
    void app.close().then(() => {
      journal.close();
      process.exit(0);
    });
  });
