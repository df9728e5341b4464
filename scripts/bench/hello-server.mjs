/**
 * The ceiling for HTTP rows: a bare Fastify JSON route, nothing registered but the route itself
 * (performance-and-trust.md §1 row 18). Uses the Fastify the server depends on. Prints its port when ready.
 * With BYTES_FILE, `/bytes` also sends that file's bytes as JSON: the bare route beside a poll of the same body.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const serverRequire = createRequire(new URL('../../apps/server/package.json', import.meta.url));
const Fastify = serverRequire('fastify');

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
if (process.env.BYTES_FILE) {
  const bytes = readFileSync(process.env.BYTES_FILE);
  app.get('/bytes', (_request, reply) => reply.type('application/json; charset=utf-8').send(bytes));
}

const port = Number(process.env.PORT ?? 0);
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write(`ready ${app.server.address().port}\n`);

const shutdown = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
