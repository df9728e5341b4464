/**
 * `npm run start:two-nodes`: the product as two server nodes on one PostgreSQL (docs/decisions/021-jobs-and-nodes.md),
 * behind a small round-robin front on PORT (default 8080) that sends each request to the other node than the last.
 * The nodes listen on PORT+1 and PORT+2; one of them leads (runs the feed and the once-only jobs) and the other takes
 * over within seconds if it stops. Needs DATABASE_URL (PGlite is one process); REDIS_URL shares rate limits.
 * Stop with Ctrl-C; kill one node (its pid is printed) to watch the other take over. Orca Games, the provider process
 * (decision 072), runs beside them on PORT+10 and calls the wallet through the front, like any outside studio.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dependenciesEnsure, ROOT, run } from './lib/ensure.mjs';
import { orcaStart } from './lib/orca.mjs';
import { roundRobinFront } from './lib/round-robin.mjs';

if (!process.env.DATABASE_URL?.startsWith('postgres')) {
  console.error('start:two-nodes needs DATABASE_URL=postgres://… : the embedded PGlite database belongs to one process.');
  process.exit(1);
}
if (!process.env.REDIS_URL) console.warn('REDIS_URL is unset: each node counts rate limits on its own (twice the limit in all).');

const port = Number(process.env.PORT ?? 8080);
const nodePorts = [port + 1, port + 2];

dependenciesEnsure();
console.log('Building the web app and the server…');
if (run('npm', ['run', 'build', '--silent']) !== 0) process.exit(1);

// Secrets both nodes must agree on: a notification signed for one is checked by the other.
const shared = {
  PAYMENTS_WEBHOOK_SECRET: process.env.PAYMENTS_WEBHOOK_SECRET || randomBytes(32).toString('hex'),
  CASINO_HOUSE_SECRET: process.env.CASINO_HOUSE_SECRET || randomBytes(32).toString('hex'),
  REALTIME_SECRET: process.env.REALTIME_SECRET || randomBytes(32).toString('hex'),
  // The front forwards the client's address; the nodes believe it from the front only.
  TRUSTED_PROXIES: process.env.TRUSTED_PROXIES || '127.0.0.1',
};

const orca = await orcaStart({ serverPort: port, walletUrl: `http://127.0.0.1:${port}` });
if (orca) {
  Object.assign(shared, orca.env);
  console.log(`Orca Games (a games provider in its own process) on ${orca.url}/`);
}

const nodes = nodePorts.map((nodePort, index) => {
  const name = `node ${'ab'[index]}`;
  const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.mjs'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...shared, PORT: String(nodePort), HOST: '127.0.0.1' },
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      for (const line of String(chunk).split('\n')) if (line) console.log(`[${name}] ${line}`);
    });
  }
  child.on('exit', (code, signal) => console.log(`[${name}] exited (${signal ?? code}); the other node carries on`));
  console.log(`[${name}] pid ${child.pid}, http://127.0.0.1:${nodePort}/`);
  return { name, port: nodePort, child, alive: () => child.exitCode === null && child.signalCode === null };
});

/** Round robin over the nodes still running: each request (and socket upgrade) goes to the next one. */
const { server: front } = roundRobinFront(nodes);
front.listen(port, process.env.HOST ?? '0.0.0.0', () => console.log(`Two nodes behind http://127.0.0.1:${port}/ (requests alternate between them)`));

const stop = (signal) => {
  front.close();
  orca?.child.kill(signal);
  for (const node of nodes) if (node.alive()) node.child.kill(signal);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
Promise.all(nodes.map((node) => new Promise((resolve) => (node.alive() ? node.child.on('exit', resolve) : resolve())))).then(() => {
  orca?.child.kill('SIGTERM');
  process.exit(0);
});
