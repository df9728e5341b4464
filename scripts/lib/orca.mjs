/**
 * Orca Games beside the server (decision 072): writes `<DATA_DIR>/casino-providers.json` with Orca's entry (games,
 * launch URL on its own port, the wallet secret kept in `<DATA_DIR>/orca/wallet-secret`, owner-only, never printed)
 * and starts the provider process from its bundle (scripts/provider-build.mjs). The server reads the same file as
 * CASINO_PROVIDERS_FILE. When the operator set CASINO_PROVIDERS_FILE themselves, nothing is started.
 */
import { spawn } from 'node:child_process';
import { isAbsolute, join } from 'node:path';
import { ROOT } from './ensure.mjs';

/** `{ env, child, url }` to merge into the server's environment, or undefined when the operator configured providers. */
export async function orcaStart({ serverPort, walletUrl }) {
  if (process.env.NODE_ENV === 'production') {
    console.log('NODE_ENV=production: Orca Games (a local sandbox provider on plain http) is not started.');
    return undefined;
  }
  if (process.env.CASINO_PROVIDERS_FILE) {
    console.log('CASINO_PROVIDERS_FILE is set: Orca Games is not started (list it there to play it).');
    return undefined;
  }
  const dataDir = isAbsolute(process.env.DATA_DIR ?? '') ? process.env.DATA_DIR : join(ROOT, process.env.DATA_DIR || 'data');
  const port = Number(process.env.ORCA_PORT || serverPort + 10);
  const url = `http://127.0.0.1:${port}`;
  const file = join(dataDir, 'casino-providers.json');
  const { orcaProvidersFileWrite } = await import(join(ROOT, 'apps/provider/dist/providers-file.mjs'));
  orcaProvidersFileWrite({ dataDir, file, origin: url });
  const env = { CASINO_PROVIDERS_FILE: file };
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/provider/dist/provider.mjs'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: {
      ...process.env,
      ...env,
      ORCA_PORT: String(port),
      ORCA_DATA_DIR: join(dataDir, 'orca'),
      ORCA_WALLET_URL: walletUrl,
      // The pages that frame Orca's game: the app as npm start serves it (map a brand domain? add it here).
      ORCA_FRAME_ANCESTORS: process.env.ORCA_FRAME_ANCESTORS || `http://127.0.0.1:${serverPort} http://localhost:${serverPort}`,
    },
  });
  child.on('exit', (code, signal) => console.log(`Orca Games exited (${signal ?? code}); the casino carries on without it`));
  return { env, child, url };
}
