import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { isLocale } from '@piranha/domain';
import { chatRoomUrl, REALTIME_PATH, REALTIME_TICKET_PARAM, REALTIME_TICKET_TTL_S, realtimeTopic } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { AppError } from '../app-error.ts';
import { rowsOf, type Database } from '../db/client.ts';
import { envelopeError } from '../plugins/error-handler.ts';
import { routeRegister, type RouteDeps } from '../plugins/route.ts';
import { realtimeBusLocal, realtimeBusRedis, type RealtimeBus } from './realtime-bus.ts';
import { realtimeHubCreate, type RealtimeHub } from './realtime-hub.ts';
import { realtimeTicketCheck, realtimeTicketSign, type TicketCheck } from './realtime-ticket.ts';

/** A socket that answers no ping for this long is cut (a phone that lost its network leaves no close frame). */
export const REALTIME_PING_MS = 30_000;
/** The player writes nothing but pongs: a frame bigger than this closes the socket. */
const CLIENT_FRAME_MAX = 1024;

export interface Realtime {
  bus: RealtimeBus;
  hub: RealtimeHub;
  /** Signs a socket ticket (tests forge and expire their own with it). */
  ticketFor: (uid: number, appKey: string) => { ticket: string; expiresAt: number };
  /** Checks a ticket against the clock. */
  ticketCheck: (token: string | undefined) => TicketCheck;
  close(): Promise<void>;
}

export interface RealtimeOptions {
  bus: 'local' | 'redis';
  redisUrl: string | undefined;
  /** REALTIME_SECRET; a random one per process when unset (then one node only: another could not check its tickets). */
  secret: string | undefined;
  now: () => Date;
  log: { warn: (details: Record<string, unknown>, message: string) => void };
}

const pgliteChannels = new WeakMap<Database, string>();

/**
 * The Redis channel of this deployment: one per database and schema (as the leader lock's key), so test databases, or
 * staging and production on one Redis, never hear each other.
 */
async function channelOf(database: Database): Promise<string> {
  // PGlite belongs to one process: the apps sharing its Database object (tests' nodes) share a channel, no one else.
  if (database.driver === 'pglite') {
    let id = pgliteChannels.get(database);
    if (!id) pgliteChannels.set(database, (id = randomBytes(6).toString('hex')));
    return `piranha:rt:pglite:${id}`;
  }
  const [row] = await rowsOf<{ name: string }>(database.db, sql`select current_database() || ':' || current_schema() as name`);
  return `piranha:rt:${row!.name}`;
}

/** The bus, the hub and the ticket key; nothing listens until `realtimeRoutes` attaches them to the server. */
export async function realtimeOpen(database: Database, options: RealtimeOptions): Promise<Realtime> {
  const hub = realtimeHubCreate();
  const secret = options.secret ?? randomBytes(32).toString('hex');
  let bus: RealtimeBus;
  if (options.bus === 'redis') {
    const { Redis } = await import('ioredis');
    bus = await realtimeBusRedis(hub, {
      publisher: new Redis(options.redisUrl!, { maxRetriesPerRequest: 2 }),
      subscriber: new Redis(options.redisUrl!),
      channel: await channelOf(database),
      log: (message, details) => options.log.warn(details, message),
    });
  } else bus = realtimeBusLocal(hub);
  const nowS = () => Math.floor(options.now().getTime() / 1000);
  return {
    bus,
    hub,
    ticketFor(uid, appKey) {
      const expiresAt = nowS() + REALTIME_TICKET_TTL_S;
      return { ticket: realtimeTicketSign(secret, { uid, appKey, expiresAt }), expiresAt };
    },
    ticketCheck: (token) => realtimeTicketCheck(secret, token, nowS()),
    async close() {
      hub.close();
      await bus.close();
    },
  };
}

/** A refused upgrade: the HTTP status and the envelope, in the page's language when it says one. */
function refuse(socket: Duplex, status: number, error: AppError, lang: string | null): void {
  const body = JSON.stringify(envelopeError(error, lang && isLocale(lang) ? lang : undefined));
  socket.end(
    `HTTP/1.1 ${status} ${status === 404 ? 'Not Found' : 'Unauthorized'}\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\ncache-control: no-store\r\nconnection: close\r\n\r\n${body}`,
  );
}

/**
 * Spec §7 chat room `GET /url` and the socket at `/ws` on the same server. The ticket decides the topics: the player's
 * own and their brand's — nothing the page sends can widen them, so brand A's events never reach brand B's pages.
 */
export function realtimeRoutes(app: FastifyInstance, deps: RouteDeps, realtime: Realtime): void {
  routeRegister(app, deps, chatRoomUrl, async ({ user }) => {
    // The account's brand, not the request's app-key: a brand-A session on a brand-B domain still hears brand A only.
    const appKey = user.appKey ?? (await rowsOf<{ app_key: string }>(deps.db, sql`select app_key from users where id = ${user.uid}`))[0]?.app_key ?? '';
    const { ticket, expiresAt } = realtime.ticketFor(user.uid, appKey);
    return { url: `${REALTIME_PATH}?${REALTIME_TICKET_PARAM}=${encodeURIComponent(ticket)}`, expire_time: expiresAt };
  });

  const server = new WebSocketServer({ noServer: true, maxPayload: CLIENT_FRAME_MAX, perMessageDeflate: false });
  const alive = new WeakMap<object, boolean>();
  server.on('connection', (socket) => {
    alive.set(socket, true);
    socket.on('pong', () => alive.set(socket, true));
    // The player has nothing to say on this socket yet; a frame is ignored (the size limit closes a flood).
    socket.on('error', () => socket.terminate());
  });
  const ping = setInterval(() => {
    for (const socket of server.clients) {
      if (alive.get(socket) === false) {
        socket.terminate();
        continue;
      }
      alive.set(socket, false);
      socket.ping();
    }
  }, REALTIME_PING_MS);
  ping.unref();

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const url = new URL(request.url ?? '/', 'http://socket');
    if (url.pathname !== REALTIME_PATH) return refuse(socket, 404, new AppError('NOT_FOUND', { field: 'path' }), url.searchParams.get('lca_lang'));
    const check = realtime.ticketCheck(url.searchParams.get(REALTIME_TICKET_PARAM) ?? undefined);
    if (!check.ok)
      return refuse(
        socket,
        401,
        new AppError(check.reason === 'expired' ? 'REALTIME_TICKET_EXPIRED' : 'REALTIME_TICKET_INVALID', { field: REALTIME_TICKET_PARAM }),
        url.searchParams.get('lca_lang'),
      );
    const { uid, appKey } = check.ticket;
    server.handleUpgrade(request, socket, head, (ws) => {
      realtime.hub.join(ws, String(uid), [realtimeTopic.player(uid), realtimeTopic.brand(appKey)]);
      server.emit('connection', ws, request);
    });
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('preClose', (done) => {
    clearInterval(ping);
    app.server.off('upgrade', onUpgrade);
    for (const socket of server.clients) socket.terminate();
    server.close(() => done());
  });
}
