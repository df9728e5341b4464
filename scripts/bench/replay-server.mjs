/**
 * The floor under a poll row: a bare `node:http` server that answers every request with one recorded answer — the
 * same status, header lines and body bytes the product sent — with nothing else to do but a fresh `x-trace-id` per
 * answer, as the product writes one (a counter here, the same length). Beside a product row it says how much of the gap to the hello ceiling is the
 * answer itself (its size, its header lines, which the load generator parses too) and how much the product's work.
 * ANSWER_FILE holds `{ "status": 200, "headers": [name, value, …], "bodyBase64": "…" }`. Prints its port when ready.
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const answer = JSON.parse(readFileSync(process.env.ANSWER_FILE, 'utf8'));
const body = Buffer.from(answer.bodyBase64, 'base64');
// Node writes Date, Connection and Keep-Alive itself, as it does for the product.
const automatic = new Set(['date', 'connection', 'keep-alive']);
const headers = [];
let traceAt = -1;
for (let index = 0; index < answer.headers.length; index += 2) {
  const name = answer.headers[index].toLowerCase();
  if (automatic.has(name)) continue;
  if (name === 'x-trace-id') traceAt = headers.length + 1;
  headers.push(answer.headers[index], answer.headers[index + 1]);
}

// A fresh trace id per answer, of the same 16 hex characters: the floor counts the bytes, so a counter will do.
let answered = 0;
const traceId = () => (answered++).toString(16).padStart(16, '0');

const server = createServer((request, response) => {
  if (traceAt >= 0) headers[traceAt] = traceId();
  response.writeHead(answer.status, headers);
  response.end(body);
});
// The product's keep-alive timeout (Fastify's default), so Node writes the same Keep-Alive line.
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => process.stdout.write(`ready ${server.address().port}\n`));

const shutdown = () => server.close(() => process.exit(0));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
