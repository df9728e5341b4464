import type { IncomingMessage } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import { HELP_TRUSTED_ORIGINS } from '@piranha/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../app-error.ts';
import type { AppConfig } from '../config.ts';
import { brgFrameAncestorsOf, brgOriginsOfHost } from '../modules/brg/brg-frame.ts';
import { externalProvidersLoad, providerOriginOf } from '../modules/casino/casino-catalogue.ts';
import { helpFrameOriginsOf } from '../modules/help/help-frame.ts';
import { errorHandlerRegister } from './error-handler.ts';
import { inputGuardRegister } from './input-guard.ts';
import { payloadOf, type PollLane } from './poll-lane.ts';
import { RATE_RETRY_AFTER_S, rateLimitAllows, rateLimitCheck, type RateLimitStore } from './rate-limit.ts';
import { requestContextRegister } from './request-context.ts';
import { requestLogRegister } from './request-log.ts';
import { securityHeadersRegister } from './security-headers.ts';
import { FIRST_SCREEN_SCRIPT_HASH } from '../modules/web/index-html.ts';

/** A request slower than this is logged whatever LOG_REQUEST_SAMPLE says. */
const SLOW_REQUEST_MS = 1000;

export interface HttpHooksDeps {
  config: AppConfig;
  httpsOf: (request: IncomingMessage) => boolean;
  lane: PollLane;
  rateStore: RateLimitStore;
}

/**
 * Every hook a request passes before its route, in order: security headers (first of all), cookies, the request
 * context with the per-IP rate limit, the lane's already-read bodies, the one error handler, the request log and the
 * input guard. Registered before any route, so each hook applies to all of them.
 */
export async function httpHooksRegister(app: FastifyInstance, { config, httpsOf, lane, rateStore }: HttpHooksDeps): Promise<void> {
  // The game room frames an external provider's game page on the provider's own origin (decision 072).
  const gameOrigins = [...new Set(externalProvidersLoad(config.casino.providersFile, { production: config.production }).map(providerOriginOf))];
  // First hook of all: trace id, then the API's fixed headers or helmet's set for documents (security-headers.ts).
  securityHeadersRegister(
    app,
    httpsOf,
    {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // Google Identity Services (the sign-in button) loads its script, style and frame from accounts.google.com/gsi;
          // the Telegram mini app loads Telegram's WebApp script (decision 062).
          // and the page's one inline script, the static first screen's chooser, by its hash (decision 078).
          scriptSrc: ["'self'", FIRST_SCREEN_SCRIPT_HASH, 'https://accounts.google.com/gsi/client', 'https://telegram.org/js/telegram-web-app.js'],
          styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
          // /iframe and the FAQ videos (decision 038): the trusted origins, and the requesting brand's own sites;
          // and the configured game providers' origins (the game room's iframe).
          frameSrc: [
            "'self'",
            'https://accounts.google.com/gsi/',
            ...HELP_TRUSTED_ORIGINS,
            ...gameOrigins,
            (request) => helpFrameOriginsOf(request.headers.host),
          ],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'", 'https://accounts.google.com/gsi/'],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          // A partner-bridge brand's partner sites (BRG_PARTNER_ORIGINS, decision 064) frame its pages; nobody else does.
          frameAncestors: ["'self'", (request) => brgFrameAncestorsOf(config.brgPartnerOrigins, request.headers.host)],
          upgradeInsecureRequests: null,
        },
      },
      // Set by the hook itself, and only for requests that came over HTTPS (STRICT_TRANSPORT_SECURITY).
      strictTransportSecurity: false,
      crossOriginEmbedderPolicy: false,
    },
    // X-Frame-Options has no way to name another origin: where frame-ancestors lists partner sites it would contradict
    // it (browsers that know CSP ignore it then; older ones would refuse the frame), so those documents go without it.
    (request) => brgOriginsOfHost(config.brgPartnerOrigins, request.headers.host).length > 0,
  );
  await app.register(fastifyCookie);
  requestContextRegister(app, async (request) => {
    const counted = request.routeOptions.config.rateLimit;
    // Provider calls are counted by their routes: per provider when signed, per address otherwise.
    if (counted === 'provider') return;
    if (request.url.startsWith('/api/')) {
      // Counted once: a poll the lane counted and found over the limit is refused here without a second hit.
      if (lane.rateLimited(request.raw)) throw new AppError('RATE_LIMITED', { field: 'ip' });
      await rateLimitCheck(rateStore, `ip:${request.ip}`, config.rateLimitPerIp);
      return;
    }
    // Pages that read the database (/healthz, /dev, /sandbox) share the address's budget; not being the API, they
    // answer a plain 429 with Retry-After rather than the players' HTTP 200 envelope.
    if (counted === 'ip' && !(await rateLimitAllows(rateStore, `ip:${request.ip}`, config.rateLimitPerIp)))
      throw new AppError('RATE_LIMITED', { field: 'ip', retry_after_s: RATE_RETRY_AFTER_S }, 429);
  });
  // A POST the lane read but could not answer reaches Fastify with its body already consumed: parse it from here.
  app.addHook('preParsing', (request, _reply, payload, done) => {
    const body = lane.bodyRead(request.raw);
    done(null, body ? payloadOf(body) : payload);
  });
  app.addHook('preClose', (done) => {
    lane.close();
    done();
  });
  errorHandlerRegister(app);
  requestLogRegister(app, { sample: config.logRequestSample, slowMs: SLOW_REQUEST_MS });
  // No NUL, lone surrogate or over-deep JSON reaches a route (the contract's input rules).
  inputGuardRegister(app);
}
