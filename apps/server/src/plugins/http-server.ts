import { createServer, type IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { HEADER_TRACE_ID } from '@piranha/contract';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import { AppError } from '../app-error.ts';
import type { AppConfig } from '../config.ts';
import { redisClientOpen } from '../lib/redis-client.ts';
import { envelopeError } from './error-handler.ts';
import { logSerializers } from './log-redact.ts';
import { pollLaneCreate, type PollLane } from './poll-lane.ts';
import { RATE_WINDOW_MS, rateLimitStoreMemory, rateLimitStoreRedis, type RateLimitStore } from './rate-limit.ts';
import { variantOfRequest } from './request-context.ts';
import { API_SECURITY_HEADERS, isApiUrl, requestIdNext, STRICT_TRANSPORT_SECURITY } from './security-headers.ts';

/**
 * The HTTP server of one node, before any hook or route (app.ts registers those): the rate-limit store, the poll lane
 * that answers repeated sports polls ahead of Fastify, and the Fastify instance built on the lane's listener.
 */

/**
 * Whether a request came over HTTPS, as Fastify's `request.protocol` reads it: the last X-Forwarded-Proto entry when
 * the peer is a trusted proxy, else the socket. One test for the security hook, the router's refusals and the poll
 * lane, which must agree on HSTS.
 */
export function httpsTestOf(config: AppConfig): (request: IncomingMessage) => boolean {
  const trusted = config.trustedProxies.length > 0 ? proxyAddr.compile(config.trustedProxies) : undefined;
  return (request) => {
    const forwarded = request.headers['x-forwarded-proto'];
    const peer = request.socket.remoteAddress;
    if (trusted && typeof forwarded === 'string' && peer !== undefined && trusted(peer, 0))
      return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim() === 'https';
    return (request.socket as { encrypted?: boolean }).encrypted === true;
  };
}

/**
 * The rate-limit store: Redis when REDIS_URL is set (shared by every node), else this process's memory. The Redis
 * client is loaded only when REDIS_URL asks for it: a single node never pays for it at start. Its errors (Redis down,
 * a reconnect) are logged, never thrown (lib/redis-client.ts).
 */
export async function rateStoreOpen(config: AppConfig, warn: (details: Record<string, unknown>, message: string) => void): Promise<RateLimitStore> {
  if (!config.redisUrl) return rateLimitStoreMemory();
  return rateLimitStoreRedis(await redisClientOpen(config.redisUrl, 'commands', warn, { lazyConnect: false, maxRetriesPerRequest: 2 }));
}

/**
 * The poll lane with the same client address and per-IP count as the Fastify path: X-Forwarded-For believed only from
 * the trusted proxies, as `request.ip` does; HSTS by the same HTTPS test as Fastify's hook.
 */
export function pollLaneOf(config: AppConfig, rateStore: RateLimitStore, httpsOf: (request: IncomingMessage) => boolean): PollLane {
  const trusted = config.trustedProxies.length > 0 ? proxyAddr.compile(config.trustedProxies) : undefined;
  return pollLaneCreate({
    ipOf: trusted
      ? (request) => {
          const addresses = proxyAddr.all(request, trusted);
          return addresses[addresses.length - 1];
        }
      : (request) => request.socket.remoteAddress,
    httpsOf,
    rateAllows: rateStore.hitNow
      ? (ip) => rateStore.hitNow!(`ip:${ip}`, RATE_WINDOW_MS) <= config.rateLimitPerIp
      : async (ip) => (await rateStore.hit(`ip:${ip}`, RATE_WINDOW_MS)) <= config.rateLimitPerIp,
    // A player's own poll (decision 041) counts against their limit, with the key and window the routes use.
    rateAllowsUser: rateStore.hitNow
      ? (key) => rateStore.hitNow!(key, RATE_WINDOW_MS) <= config.rateLimitPerUser
      : async (key) => (await rateStore.hit(key, RATE_WINDOW_MS)) <= config.rateLimitPerUser,
  });
}

/** What Fastify gets for a route's JSON schema: a refusal, at registration (see fastifyCreate). */
function jsonSchemaRefused(): never {
  throw new Error('A route here is checked by its zod contract (plugins/route.ts); a Fastify JSON schema is not used');
}

export interface FastifyOptionsOf {
  lane: PollLane;
  httpsOf: (request: IncomingMessage) => boolean;
  /** false: no logger at all (tests). */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write: (line: string) => void };
}

/** The Fastify instance: redacting logger, the poll lane's server, pooled request ids, the envelope for router refusals. */
export function fastifyCreate(config: AppConfig, { lane, httpsOf, logger, logStream }: FastifyOptionsOf): FastifyInstance {
  return Fastify({
    // Serializers that keep sessions, device ids, passwords, codes and tokens out of every line (plugins/log-redact.ts).
    logger: logger === false ? false : { level: config.logLevel, serializers: logSerializers, ...(logStream ? { stream: logStream } : {}) },
    // Repeated sports polls are answered ahead of Fastify's routing by the poll lane (plugins/poll-lane.ts); the
    // server is the one Fastify would build, with the same timeouts.
    serverFactory: (handler, options) => {
      const server = createServer(options.http ?? {}, lane.listener(handler));
      // Fastify has filled in its defaults by now.
      server.keepAliveTimeout = Number(options.keepAliveTimeout);
      server.requestTimeout = Number(options.requestTimeout);
      server.setTimeout(Number(options.connectionTimeout));
      return server;
    },
    genReqId: requestIdNext,
    // Requests are checked by their zod contracts (plugins/route.ts), never by Fastify's JSON schemas: with these
    // compilers Fastify does not load Ajv and fast-json-stringify at every start (decision 103), and a route given a
    // JSON schema fails the start instead of being checked twice by two rule sets.
    schemaController: { compilersFactory: { buildValidator: jsonSchemaRefused, buildSerializer: jsonSchemaRefused } },
    // Fastify's two lines per request are replaced by plugins/request-log.ts: failures, slow requests and a sample.
    logController: new LogController({ disableRequestLogging: true }),
    // X-Forwarded-For is believed only from the proxies the operator names.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    // The router refuses a malformed URL (bad percent-encoding, over-long parameter) before any hook or
    // error handler runs; answer it with the envelope too, not Fastify's own 400/414 body.
    frameworkErrors: (error, request, reply) => {
      const refusal = new AppError('VALIDATION_FAILED', { field: 'path', issue: error.code });
      // No hook has run yet: the security headers of an API answer are set here.
      if (isApiUrl(request.url)) void (reply as FastifyReply).headers(API_SECURITY_HEADERS);
      if (httpsOf(request.raw)) void (reply as FastifyReply).header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
      void (reply as FastifyReply)
        .status(refusal.httpStatus)
        .header(HEADER_TRACE_ID, request.id)
        .send(envelopeError(refusal, variantOfRequest(request).defaultLang));
    },
  });
}
