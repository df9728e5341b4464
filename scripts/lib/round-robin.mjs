/**
 * A tiny round-robin front for server nodes (docs/decisions/021-jobs-and-nodes.md, 042): each request, and each
 * WebSocket upgrade, goes to the next living node; the client's address is forwarded (the nodes trust the front as a
 * proxy). `served` counts what each node answered, so a test can show that every node took requests.
 * Used by `npm run start:two-nodes` and by the browser suite's two-node stage (e2e/fixtures.ts).
 */
import { createServer, request as httpRequest } from 'node:http';

/**
 * @param {{ port: number, alive: () => boolean }[]} nodes
 * @returns {{ server: import('node:http').Server, served: number[] }}
 */
export function roundRobinFront(nodes) {
  const served = nodes.map(() => 0);
  let turn = 0;
  const next = () => {
    const living = nodes.map((node, index) => ({ node, index })).filter(({ node }) => node.alive());
    if (living.length === 0) return undefined;
    const chosen = living[turn++ % living.length];
    served[chosen.index] += 1;
    return chosen.node;
  };
  const forwardedFor = (incoming) => [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress].filter(Boolean).join(', ');

  const server = createServer((incoming, outgoing) => {
    const target = next();
    if (!target) {
      outgoing.writeHead(503).end('no server node is running\n');
      return;
    }
    const proxied = httpRequest(
      {
        host: '127.0.0.1',
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'x-forwarded-for': forwardedFor(incoming) },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    proxied.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(proxied);
  });
  // The real-time socket (decision 036): an upgrade goes to the next node too, and the two sockets are spliced.
  server.on('upgrade', (incoming, clientSocket, head) => {
    const target = next();
    if (!target) return clientSocket.destroy();
    const proxied = httpRequest({
      host: '127.0.0.1',
      port: target.port,
      method: incoming.method,
      path: incoming.url,
      headers: { ...incoming.headers, 'x-forwarded-for': forwardedFor(incoming) },
    });
    proxied.on('upgrade', (answer, nodeSocket, nodeHead) => {
      const lines = [`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}`];
      for (let index = 0; index < answer.rawHeaders.length; index += 2) lines.push(`${answer.rawHeaders[index]}: ${answer.rawHeaders[index + 1]}`);
      clientSocket.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (nodeHead.length > 0) clientSocket.write(nodeHead);
      if (head.length > 0) nodeSocket.write(head);
      nodeSocket.pipe(clientSocket).pipe(nodeSocket);
      nodeSocket.on('error', () => clientSocket.destroy());
      clientSocket.on('error', () => nodeSocket.destroy());
    });
    // A refused upgrade (a bad ticket) is an ordinary answer: pass it on and close.
    proxied.on('response', (answer) => {
      clientSocket.write(`HTTP/1.1 ${answer.statusCode} ${answer.statusMessage}\r\nconnection: close\r\n\r\n`);
      clientSocket.destroy();
    });
    proxied.on('error', () => clientSocket.destroy());
    proxied.end();
  });
  return { server, served };
}
