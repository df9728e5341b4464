import { chmodSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Db } from './db/client.ts';
import type { LedgerAuditResult } from './modules/ledger/ledger.repository.ts';
import { ledgerAudit } from './modules/ledger/ledger.repository.ts';

/**
 * The running server's operator socket: a unix socket beside the embedded database's folder, through which the tools
 * reach a database only the server may open (db/pglite-lock.ts). Chosen over an HTTP endpoint behind OPS_TOKEN because
 * it needs no token set up (`npm start` has none), is not reachable from the network, and is guarded by the same file
 * permissions as the database itself: whoever may read the data directory may ask (docs/decisions/022-operating-it.md).
 *
 * `GET /ops/ledger-audit` answers the ledger audit; any other request is handed to the app itself (as a request from
 * the machine), which is how `demo:player` plays a player through a server that listens on another address.
 */

export const OPS_SOCKET_AUDIT_PATH = '/ops/ledger-audit';

export interface OpsSocket {
  close: () => Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function answer(app: FastifyInstance, db: Db, request: IncomingMessage, response: ServerResponse): Promise<void> {
  if (request.method === 'GET' && request.url === OPS_SOCKET_AUDIT_PATH) {
    const result: LedgerAuditResult = await ledgerAudit(db);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ pid: process.pid, result }));
    return;
  }
  const payload = await bodyOf(request);
  const injected = await app.inject({
    method: (request.method ?? 'GET') as 'GET',
    url: request.url ?? '/',
    headers: request.headers,
    ...(payload.length > 0 ? { payload } : {}),
  });
  response.writeHead(injected.statusCode, { 'content-type': String(injected.headers['content-type'] ?? 'text/plain') }).end(injected.rawPayload);
}

/** Listens on `socketPath` (only this process may: it holds the database's lock, so a file there is a stale one). */
export async function opsSocketListen(socketPath: string, app: FastifyInstance, db: Db): Promise<OpsSocket> {
  rmSync(socketPath, { force: true });
  const server: Server = createServer((request, response) => {
    answer(app, db, request, response).catch((error: unknown) => {
      app.log.error({ err: error }, 'operator socket request failed');
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('failed');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  // Owner only, like the database files.
  chmodSync(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface SocketAnswer {
  status: number;
  text: string;
}

/** One request over the operator socket, or undefined when no server listens there. */
export function opsSocketCall(
  socketPath: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  payload?: string,
): Promise<SocketAnswer | undefined> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ socketPath, method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
    request.end(payload);
  });
}
