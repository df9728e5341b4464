/**
 * The ceiling for the socket row (issue 21, decision 036): a bare `ws` server (the package the product uses) that,
 * for each POST /broadcast, writes one frame of the product's size (or the request's body) to every open socket. Driven the same way as the
 * product's publish, so the ratio is what the product's pub/sub layer and publish path cost. Prints its port when ready.
 */
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const serverRequire = createRequire(new URL('../../apps/server/package.json', import.meta.url));
const { WebSocketServer } = serverRequire('ws');

const FRAME = JSON.stringify({ topic: 'brand:eaglebet', event: { type: 'message_new', message_id: '1234', message_type: 1 } });
const sockets = new WebSocketServer({ noServer: true, perMessageDeflate: false });
const server = createServer((request, response) => {
  if (request.method !== 'POST' || request.url !== '/broadcast') return void response.writeHead(404).end();
  // A body is the frame to send (the odds row sends the product's own delta); none sends the brand message's size.
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const frame = chunks.length > 0 ? Buffer.concat(chunks).toString() : FRAME;
    for (const socket of sockets.clients) if (socket.readyState === 1) socket.send(frame);
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"dm_error":0}');
  });
});
server.on('upgrade', (request, socket, head) => sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit('connection', ws, request)));
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => process.stdout.write(`ready ${server.address().port}\n`));
const shutdown = () => {
  for (const socket of sockets.clients) socket.terminate();
  server.close(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
