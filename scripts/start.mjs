/**
 * `npm start`: install what is missing, build the web app and the server (`npm run build`: the web app with its
 * precompressed files, the server bundle and the empty database template), and serve the whole product on one port
 * (PORT, default 8080) with the embedded database under ./data/ (or DATABASE_URL), and beside it Orca Games, the games
 * provider that runs as its own process (PORT + 10, or ORCA_PORT; decision 072).
 */
import { spawn } from 'node:child_process';
import { dependenciesEnsure, ROOT, run } from './lib/ensure.mjs';
import { orcaStart } from './lib/orca.mjs';

dependenciesEnsure();
console.log('Building the web app and the server…');
if (run('npm', ['run', 'build', '--silent']) !== 0) process.exit(1);

const port = Number(process.env.PORT || 8080);
// The provider first: the server reads the providers file it writes (CASINO_PROVIDERS_FILE).
const orca = await orcaStart({ serverPort: port, walletUrl: `http://127.0.0.1:${port}` });
if (orca) console.log(`Orca Games (a games provider in its own process) on ${orca.url}/`);

// The bundle built just now (scripts/server-build.mjs): one module to load instead of the TypeScript sources through
// tsx. Source maps keep stack traces pointing at the sources.
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.mjs'], {
  cwd: ROOT,
  stdio: 'inherit',
  // npm start is the product on one machine with sandbox providers (mailbox at /dev/mailbox); a real deployment
  // sets NODE_ENV=production and SMTP_URL, and the server refuses to start while other providers are sandboxes unless
  // ALLOW_SANDBOX_PROVIDERS=1 (README, Configuration).
  env: { ...process.env, ...orca?.env },
});
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    server.kill(signal);
    orca?.child.kill(signal);
  });
server.on('exit', (code) => {
  orca?.child.kill('SIGTERM');
  process.exit(code ?? 0);
});
