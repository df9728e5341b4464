import {
  COMMON_PARAM_NAMES,
  homeTabList,
  leagueList,
  matchGetDetail,
  matchGetList,
  matchListBySource,
  matchListGet,
  matchListGetByIds,
  matchListGetNew,
  matchOddsLatest,
  matchResultList,
  matchSearch,
  type Endpoint,
} from '@piranha/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type * as z from 'zod/mini';
import { AppError } from '../../app-error.ts';
import { bodyParse, queryParse, type RouteDeps } from '../../plugins/route.ts';
import {
  etagMatches,
  POLL_ANSWER_HEADERS,
  POLL_BODY_GUARD_HEADER_NAMES,
  POLL_NOT_MODIFIED_HEADERS,
  representationOf,
  type PollLane,
} from '../../plugins/poll-lane.ts';
import { responseCacheCreate } from './sports-response-cache.ts';
import type { SportsState } from './sports-state.ts';
import {
  byIdsJson,
  bySourcePageJson,
  changedSinceJson,
  homeTabsJson,
  leagueListJson,
  listPageJson,
  oddsLatestJson,
  resultsPageJson,
  searchJson,
  tabPageJson,
} from './sports.service.ts';

/**
 * The sports endpoints (contract `sports.ts`). Every answer comes from the in-memory state, serialised once per
 * feed version and query (`responseCacheCreate`), sent as ready bytes with an ETag — gzip-compressed once for clients
 * that take it (`representationOf`); If-None-Match answers 304 with only what RFC 9110 asks a 304 to repeat.
 * Input is validated by the contract as in `routeRegister`, so bad parameters get the same dm_error naming the field.
 */

interface Parsed<E extends Endpoint> {
  query: z.output<E['query']>;
  body: z.output<E['body']>;
  request: FastifyRequest;
}

const dayMs = 24 * 60 * 60_000;
const commonParams = new Set<string>(COMMON_PARAM_NAMES);
const parsedMemoMax = 5_000;

/**
 * The request as the cache sees it: path, the endpoint's own query parameters (common ones such as the `_t` cache
 * buster left out) and the JSON body. Two requests with the same raw key parse to the same input.
 */
function rawKeyOf(path: string, request: FastifyRequest): string {
  const own: [string, unknown][] = [];
  for (const entry of Object.entries((request.query ?? {}) as Record<string, unknown>)) if (!commonParams.has(entry[0])) own.push(entry);
  // JSON keeps the key unambiguous: no value can pass for another parameter or for an array.
  return `${path}|${JSON.stringify(own)}|${request.body === undefined ? '' : JSON.stringify(request.body)}`;
}

/**
 * With a poll lane, each route but by_source (whose answer also depends on the day) lets the lane answer a repeat of
 * a request it answered while the cached answer is current (plugins/poll-lane.ts).
 */
export function sportsRoutes(app: FastifyInstance, deps: RouteDeps & { sports: SportsState; lane?: PollLane }): void {
  const { sports, lane } = deps;
  const cache = responseCacheCreate();
  // Input already validated once is not parsed again: a poll repeats the same parameters every 2 seconds.
  const parsedMemo = new Map<string, { query: unknown; body: unknown }>();

  function cachedRoute<E extends Endpoint>(
    definition: E,
    build: (input: Parsed<E>) => string,
    keyExtra?: (input: Parsed<E>) => string,
    { laned = true }: { laned?: boolean } = {},
  ): void {
    const routeLane = laned ? lane : undefined;
    routeLane?.route(definition.method as 'GET' | 'POST', definition.path, (key) => cache.peek(key, sports.version()));
    app.route({
      method: definition.method,
      url: definition.path,
      handler: async (request, reply) => {
        const rawKey = rawKeyOf(definition.path, request);
        let parsed = parsedMemo.get(rawKey);
        if (!parsed) {
          parsed = { query: queryParse(definition, request.query), body: bodyParse(definition, request.body) };
          if (parsedMemo.size >= parsedMemoMax) parsedMemo.delete(parsedMemo.keys().next().value as string);
          parsedMemo.set(rawKey, parsed);
        }
        const input = { ...parsed, request } as Parsed<E>;
        const key = keyExtra ? `${rawKey}|${keyExtra(input)}` : rawKey;
        const cached = cache.get(key, sports.version(), () => build(input));
        routeLane?.remember(request.raw, key);
        const answer = representationOf(cached, request.headers['accept-encoding']);
        if (etagMatches(request.headers['if-none-match'], answer.etag)) {
          for (const name of POLL_BODY_GUARD_HEADER_NAMES) reply.removeHeader(name);
          return reply.code(304).headers(POLL_NOT_MODIFIED_HEADERS).header('etag', answer.etag).send();
        }
        void reply.headers(POLL_ANSWER_HEADERS).header('etag', answer.etag);
        if (answer.gzip) void reply.header('content-encoding', 'gzip');
        return reply.type('application/json; charset=utf-8').send(answer.bytes);
      },
    });
  }

  cachedRoute(matchGetList, ({ body }) => tabPageJson(sports, body));
  cachedRoute(matchGetDetail, ({ body }) => {
    const entry = sports.entry(body.match_id);
    if (!entry) throw new AppError('NOT_FOUND', { field: 'match_id' });
    return sports.detailJson(entry);
  });
  cachedRoute(matchListGet, ({ query }) => listPageJson(sports, query));
  cachedRoute(matchListGetNew, ({ query }) => changedSinceJson(sports, query));
  cachedRoute(
    matchListBySource,
    ({ query }) => bySourcePageJson(sports, query, deps.now().getTime()),
    () => String(Math.floor(deps.now().getTime() / dayMs)),
    { laned: false },
  );
  cachedRoute(matchListGetByIds, ({ body }) => byIdsJson(sports, body.match_ids));
  cachedRoute(matchOddsLatest, ({ query }) => oddsLatestJson(sports, query.match_ids, query.detail === 1));
  cachedRoute(
    homeTabList,
    ({ request }) => homeTabsJson(sports, request.ctx.variant.market),
    ({ request }) => request.ctx.variant.market,
  );
  cachedRoute(matchSearch, ({ query }) => searchJson(sports, query));
  cachedRoute(leagueList, ({ query }) => leagueListJson(sports, query.sport_id));
  cachedRoute(matchResultList, ({ query }) => resultsPageJson(sports.feed.results(), query));
}
