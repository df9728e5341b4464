/**
 * `npm start`: install what is missing, build the web app, and serve the whole product on one port
 * (PORT, default 8080) with the embedded database under ./data/ (or DATABASE_URL).
 */
import { spawn } from 'node:child_process';
import { dependenciesEnsure, ROOT, run } from './lib/ensure.mjs';

dependenciesEnsure();
console.log('Building the web app…');
if (run('npm', ['run', 'build', '--silent']) !== 0) process.exit(1);

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: ROOT,
  stdio: 'inherit',
  // npm start is the product on one machine with sandbox providers (mailbox at /dev/mailbox); a real deployment
  // sets NODE_ENV=production and SMTP_URL, and the server refuses to start while other providers are sandboxes unless
  // ALLOW_SANDBOX_PROVIDERS=1 (README, Configuration).
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
