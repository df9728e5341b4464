import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { isLocale } from '@piranha/domain';
import { chatRoomUrl, oddsSocketUrl, REALTIME_PATH, REALTIME_TICKET_PARAM, REALTIME_TICKET_TTL_S, realtimeTopic } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer } from 'ws';
import { AppError } from '../app-error.ts';
import { redisClientOpen } from '../lib/redis-client.ts';
import { rowsOf, type Database } from '../db/client.ts';
import { envelopeError } from '../plugins/error-handler.ts';
import { routeRegister, type RouteDeps } from '../plugins/route.ts';
import { realtimeBusLocal, realtimeBusRedis, type RealtimeBus } from './realtime-bus.ts';
import { realtimeHubCreate, type RealtimeHub } from './realtime-hub.ts';
import { realtimeTicketCheck, realtimeTicketSign, realtimeVisitorTicketSign, type CheckedTicket, type TicketCheck } from './realtime-ticket.ts';
import { sessionLiveSql } from '../modules/session/session.repository.ts';

/** A socket that answers no ping for this long is cut (a phone that lost its network leaves no close frame). */
export const REALTIME_PING_MS = 30_000;
/** The player writes nothing but pongs: a frame bigger than this closes the socket. */
const CLIENT_FRAME_MAX = 1024;

export interface Realtime {
  bus: RealtimeBus;
  hub: RealtimeHub;
  /** Signs a socket ticket (tests forge and expire their own with it). */
  ticketFor: (uid: number, appKey: string, sessionId: number) => { ticket: string; expiresAt: number };
  /** Signs a visitor's ticket: the brand's public odds topic only (decision 075). */
  visitorTicketFor: (appKey: string) => { ticket: string; expiresAt: number };
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
    const warn = (details: Record<string, unknown>, message: string) => options.log.warn(details, message);
    bus = await realtimeBusRedis(hub, {
      publisher: await redisClientOpen(options.redisUrl!, 'commands', warn, { maxRetriesPerRequest: 2 }),
      subscriber: await redisClientOpen(options.redisUrl!, 'subscriber', warn),
      channel: await channelOf(database),
      log: (message, details) => options.log.warn(details, message),
    });
  } else bus = realtimeBusLocal(hub);
  const nowS = () => Math.floor(options.now().getTime() / 1000);
  return {
    bus,
    hub,
    ticketFor(uid, appKey, sessionId) {
      const expiresAt = nowS() + REALTIME_TICKET_TTL_S;
      return { ticket: realtimeTicketSign(secret, { uid, appKey, expiresAt, sessionId }), expiresAt };
    },
    visitorTicketFor(appKey) {
      const expiresAt = nowS() + REALTIME_TICKET_TTL_S;
      return { ticket: realtimeVisitorTicketSign(secret, appKey, expiresAt), expiresAt };
    },
    ticketCheck: (token) => realtimeTicketCheck(secret, token, nowS()),
    async close() {
      hub.close();
      await bus.close();
    },
  };
}

/** The close code of a socket whose session ended or whose player paused (decision 041): the page does not reconnect. */
export const REALTIME_CLOSE_SESSION = 4001;
/**
 * Visitor tickets used on this node, kept until they expire: one socket per visitor ticket per node (decision 075).
 * Not in realtime_ticket_uses: the ticket opens public prices only, so a replay on another node costs one more socket
 * of a ticket the address was already allowed to ask for.
 */
const VISITOR_USES_MAX = 100_000;
/** How often a node deletes used tickets past their expiry. */
const TICKET_USES_PURGE_MS = 60_000;

/** True while the player is timed out or self-excluded (decision 027): no ticket, no socket. */
function pausedSql(uid: number, at: Date) {
  return sql`exists (select 1 from player_blocks b where b.user_id = ${uid} and (b.ends_at is null or b.ends_at > ${at.toISOString()}::timestamptz))`;
}

/**
 * Uses a ticket up (decision 041), in one statement: the session it was asked in must still be live and the player
 * not paused, and its nonce is inserted — on a replay, on this node or another, the primary key refuses it.
 */
async function ticketUse(database: Database['db'], ticket: CheckedTicket, at: Date): Promise<'ok' | 'used' | 'session' | 'paused'> {
  const [row] = await rowsOf<{ live: boolean; paused: boolean; fresh: boolean }>(
    database,
    sql`with state as (
          select exists (${sessionLiveSql(ticket.sessionId, ticket.uid, at)}) as live, ${pausedSql(ticket.uid, at)} as paused
        ), used as (
          insert into realtime_ticket_uses (nonce, user_id, expires_at)
          select ${ticket.nonce}, ${ticket.uid}, to_timestamp(${ticket.expiresAt}) from state where live and not paused
          on conflict (nonce) do nothing returning 1
        )
        select state.live, state.paused, exists (select 1 from used) as fresh from state`,
    'realtime_ticket_use',
  );
  if (!row?.live) return 'session';
  if (row.paused) return 'paused';
  return row.fresh ? 'ok' : 'used';
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
 * own, their brand's and the brand's odds (a visitor's ticket: the odds only) — nothing the page sends can widen them, so brand A's events never reach brand B's pages.
 */
export function realtimeRoutes(app: FastifyInstance, deps: RouteDeps, realtime: Realtime): void {
  routeRegister(app, deps, chatRoomUrl, async ({ user }) => {
    // The account's brand, not the request's app-key: a brand-A session on a brand-B domain still hears brand A only.
    const [row] = await rowsOf<{ app_key: string; paused: boolean }>(
      deps.db,
      sql`select app_key, ${pausedSql(user.uid, deps.now())} as paused from users where id = ${user.uid}`,
    );
    // A timed-out or self-excluded player gets no socket (decision 041): the page polls, and hears no pop-up hints.
    if (row?.paused) throw new AppError('REALTIME_PAUSED');
    const appKey = user.appKey ?? row?.app_key ?? '';
    const { ticket, expiresAt } = realtime.ticketFor(user.uid, appKey, user.sessionId);
    return { url: `${REALTIME_PATH}?${REALTIME_TICKET_PARAM}=${encodeURIComponent(ticket)}`, expire_time: expiresAt };
  });
  // Anyone on the brand's site (decision 075): the request's brand, counted per address like every API call.
  routeRegister(app, deps, oddsSocketUrl, async ({ ctx }) => {
    const { ticket, expiresAt } = realtime.visitorTicketFor(ctx.variant.appKey);
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

  // Sessions signals (decision 041): a sign-out, a session ended, a password change, an account closed, a time-out or
  // self-exclusion on any node closes this node's sockets of that player (of that session, or all but the one kept).
  // `signalled` remembers the last signal per player, so a connect whose checks ran before a signal and whose socket
  // joins after it is closed too.
  let signals = 0;
  let clears = 0;
  const signalled = new Map<number, number>();
  const unlisten = deps.realtime.onSignal((signal) => {
    // A leaderboard's signal (decision 055) concerns no socket.
    if (signal.kind !== 'sessions_changed') return;
    signals += 1;
    if (signalled.size >= 10_000) {
      signalled.clear();
      clears += 1;
    }
    signalled.set(signal.uid, signals);
    realtime.hub.closeOwner(String(signal.uid), signal, REALTIME_CLOSE_SESSION, signal.reason);
  });
  const visitorUses = new Map<string, number>();
  const visitorUse = (ticket: CheckedTicket): boolean => {
    const nowS = Math.floor(deps.now().getTime() / 1000);
    if (visitorUses.size >= VISITOR_USES_MAX) for (const [nonce, expiresAt] of visitorUses) if (expiresAt <= nowS) visitorUses.delete(nonce);
    if (visitorUses.has(ticket.nonce) || visitorUses.size >= VISITOR_USES_MAX) return false;
    visitorUses.set(ticket.nonce, ticket.expiresAt);
    return true;
  };
  let purgedAt = 0;
  const purge = () => {
    const at = deps.now();
    if (at.getTime() - purgedAt < TICKET_USES_PURGE_MS) return;
    purgedAt = at.getTime();
    rowsOf(deps.db, sql`delete from realtime_ticket_uses where expires_at < ${at.toISOString()}::timestamptz`).catch((error: unknown) =>
      app.log.warn({ err: error }, 'used socket tickets not purged'),
    );
  };

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
    const { uid, appKey, sessionId } = check.ticket;
    const lang = url.searchParams.get('lca_lang');
    if (check.ticket.visitor) {
      if (!visitorUse(check.ticket)) return refuse(socket, 401, new AppError('REALTIME_TICKET_USED', { field: REALTIME_TICKET_PARAM }), lang);
      return server.handleUpgrade(request, socket, head, (ws) => {
        realtime.hub.join(ws, `visitor:${check.ticket.nonce}`, [realtimeTopic.odds(appKey)]);
        server.emit('connection', ws, request);
      });
    }
    const seen = signalled.get(uid);
    const clearsBefore = clears;
    purge();
    ticketUse(deps.db, check.ticket, deps.now()).then(
      (use) => {
        if (socket.destroyed) return;
        if (use === 'used') return refuse(socket, 401, new AppError('REALTIME_TICKET_USED', { field: REALTIME_TICKET_PARAM }), lang);
        if (use === 'paused') return refuse(socket, 401, new AppError('REALTIME_PAUSED', { field: REALTIME_TICKET_PARAM }), lang);
        if (use === 'session') return refuse(socket, 401, new AppError('SESSION_EXPIRED', { field: 'sid' }), lang);
        // A signal for this player since the checks began (or a forgotten table, when it filled up): the checks may
        // predate it, so no socket.
        if (signalled.get(uid) !== seen || clears !== clearsBefore) return refuse(socket, 401, new AppError('SESSION_EXPIRED', { field: 'sid' }), lang);
        server.handleUpgrade(request, socket, head, (ws) => {
          realtime.hub.join(ws, String(uid), [realtimeTopic.player(uid), realtimeTopic.brand(appKey), realtimeTopic.odds(appKey)], sessionId);
          server.emit('connection', ws, request);
        });
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'socket ticket not checked');
        if (!socket.destroyed) socket.destroy();
      },
    );
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('preClose', (done) => {
    unlisten();
    clearInterval(ping);
    app.server.off('upgrade', onUpgrade);
    for (const socket of server.clients) socket.terminate();
    server.close(() => done());
  });
}
