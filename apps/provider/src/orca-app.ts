import { readFileSync } from 'node:fs';
import { CURRENCIES, isCurrencyCode } from '@piranha/domain';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { ORCA_GAMES, orcaCatalogueEntries, orcaGameFind } from './orca-catalogue.ts';
import {
  clientSeedDefault,
  orcaBalance,
  orcaRoundPlay,
  orcaStakeRange,
  roundViewOf,
  type OrcaRoundsDeps,
  type PlayerRef,
  type RoundRefusal,
} from './orca-rounds.ts';
import { pageStringsOf } from './page-strings.ts';

/**
 * Orca Games over HTTP, on its own origin: the game page a launch URL opens (framed by the operator's game room),
 * its script and style, and the small API that page calls. The page never talks to the operator: this process
 * does, server to server, through the seamless wallet.
 */
export interface OrcaAppOptions {
  rounds: OrcaRoundsDeps;
  /** Origins allowed to frame the game page (CSP frame-ancestors): the operator's site. */
  frameAncestors: readonly string[];
}

const STATIC = {
  'orca-game.js': { type: 'text/javascript; charset=utf-8', file: new URL('../static/orca-game.js', import.meta.url) },
  'orca-game.css': { type: 'text/css; charset=utf-8', file: new URL('../static/orca-game.css', import.meta.url) },
} as const;

const HTTP_OF: Record<RoundRefusal, number> = {
  game_unknown: 404,
  stake_invalid: 400,
  not_enough_money: 409,
  session_expired: 401,
  limit_reached: 409,
  wallet_refused: 409,
  wallet_unavailable: 503,
  round_unknown: 404,
};

const ID = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const USER = /^[1-9]\d{0,15}$/;
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;
const SEED = /^[A-Za-z0-9_-]{1,64}$/;

/** The player fields every API call carries, checked; undefined when any is malformed. */
function playerOf(body: unknown): PlayerRef | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { token, user, game_id: gameId, currency } = body as Record<string, unknown>;
  if (typeof token !== 'string' || !TOKEN.test(token)) return undefined;
  if (typeof user !== 'string' || !USER.test(user)) return undefined;
  if (typeof gameId !== 'string' || !ID.test(gameId)) return undefined;
  if (typeof currency !== 'string' || !isCurrencyCode(currency)) return undefined;
  return { token, userId: user, gameId, currency };
}

function refuse(reply: FastifyReply, refusal: RoundRefusal | 'bad_request', extra: Record<string, unknown> = {}) {
  return reply.status(refusal === 'bad_request' ? 400 : HTTP_OF[refusal]).send({ error: refusal, ...extra });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function pageHtml(gameId: string, query: Record<string, string | undefined>): string | undefined {
  const game = orcaGameFind(gameId);
  const range = orcaStakeRange(gameId);
  if (!game || !range) return undefined;
  const { locale, strings } = pageStringsOf(query.lang ?? '');
  const currency = query.currency && isCurrencyCode(query.currency) ? query.currency : 'USD';
  const boot = {
    token: query.token ?? '',
    user: query.user ?? '',
    gameId,
    currency,
    locale,
    symbol: CURRENCIES[currency].symbol,
    fractionDigits: CURRENCIES[currency].fractionDigits,
    minMinor: range.minMinor,
    maxMinor: range.maxMinor,
    strings,
  };
  // JSON in a data block: never run, and `<` escaped so nothing can close the element early.
  const json = JSON.stringify(boot).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="${escapeHtml(locale.slice(0, 2))}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<title>${escapeHtml(game.name)} · Orca Games</title>
<link rel="stylesheet" href="/static/orca-game.css">
</head>
<body style="--bg:${game.theme.background};--accent:${game.theme.accent}">
<main class="orca">
  <header class="orca-head"><span class="orca-brand">Orca Games</span><h1>${escapeHtml(game.name)}</h1><span class="orca-rtp">${escapeHtml(strings.rtp)} ${game.rtpPercent}%</span></header>
  <section class="orca-balance" aria-live="polite"><span>${escapeHtml(strings.balance)}</span><strong id="orca-balance">…</strong></section>
  <section class="orca-stage" id="orca-stage" aria-live="polite"></section>
  <p class="orca-message" id="orca-message" role="status"></p>
  <section class="orca-controls">
    <div class="orca-stake">
      <button type="button" id="orca-less" aria-label="${escapeHtml(strings.lessStake)}">−</button>
      <div><span>${escapeHtml(strings.stake)}</span><strong id="orca-stake">…</strong></div>
      <button type="button" id="orca-more" aria-label="${escapeHtml(strings.moreStake)}">+</button>
    </div>
    <button type="button" class="orca-play" id="orca-play">${escapeHtml(strings.play)}</button>
  </section>
</main>
<script type="application/json" id="orca-boot">${json}</script>
<script src="/static/orca-game.js" defer></script>
</body>
</html>`;
}

export function orcaAppBuild({ rounds, frameAncestors }: OrcaAppOptions): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: 16_384 });
  const framing = frameAncestors.length > 0 ? frameAncestors.join(' ') : "'none'";
  const pageCsp = `default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors ${framing}`;

  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  app.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    return reply.status(status).send({ error: status === 500 ? 'internal' : 'bad_request' });
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: 'not_found' }));

  app.get('/healthz', async () => ({ ok: true, games: ORCA_GAMES.length }));
  app.get('/catalogue', async () => orcaCatalogueEntries());

  app.get<{ Params: { gameId: string }; Querystring: Record<string, string | undefined> }>('/games/:gameId', async (request, reply) => {
    const html = ID.test(request.params.gameId) ? pageHtml(request.params.gameId, request.query) : undefined;
    if (!html) return refuse(reply, 'game_unknown');
    return reply.header('content-type', 'text/html; charset=utf-8').header('content-security-policy', pageCsp).send(html);
  });
  app.get<{ Params: { name: string } }>('/static/:name', async (request, reply) => {
    const asset = STATIC[request.params.name as keyof typeof STATIC];
    if (!asset) return refuse(reply, 'game_unknown');
    return reply.header('content-type', asset.type).header('cache-control', 'no-cache').send(readFileSync(asset.file));
  });

  app.post('/api/balance', async (request, reply) => {
    const player = playerOf(request.body);
    if (!player) return refuse(reply, 'bad_request');
    const result = await orcaBalance(rounds, player);
    if (!result.ok) return refuse(reply, result.refusal);
    return { balance_minor: result.balanceMinor, currency: result.currency };
  });

  app.post('/api/round', async (request, reply) => {
    const player = playerOf(request.body);
    const { stake_minor: stakeMinor, client_seed: clientSeed } = (request.body ?? {}) as Record<string, unknown>;
    if (!player || typeof stakeMinor !== 'number' || !Number.isSafeInteger(stakeMinor)) return refuse(reply, 'bad_request');
    if (clientSeed !== undefined && (typeof clientSeed !== 'string' || !SEED.test(clientSeed))) return refuse(reply, 'bad_request');
    const result = await orcaRoundPlay(rounds, player, stakeMinor, clientSeed ?? clientSeedDefault());
    if (!result.ok) return refuse(reply, result.refusal, result.view ? { round: result.view } : {});
    return result.view;
  });

  app.post('/api/round/view', async (request, reply) => {
    const player = playerOf(request.body);
    const roundId = (request.body as Record<string, unknown> | undefined)?.round_id;
    if (!player || typeof roundId !== 'string') return refuse(reply, 'bad_request');
    const state = rounds.journal.rounds.get(roundId);
    // Only the token that played the round may read it.
    if (!state || state.round.token !== player.token || state.round.userId !== player.userId) return refuse(reply, 'round_unknown');
    return roundViewOf(state);
  });

  return app;
}
