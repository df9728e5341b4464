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
import type { z } from 'zod/mini';
import { AppError } from '../../app-error.ts';
import { bodyParse, queryParse, type RouteDeps } from '../../plugins/route.ts';
import { etagMatches, responseCacheCreate } from './sports-response-cache.ts';
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
 * feed version and query (`responseCacheCreate`), sent as a ready string with an ETag; If-None-Match answers 304.
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

export function sportsRoutes(app: FastifyInstance, deps: RouteDeps & { sports: SportsState }): void {
  const { sports } = deps;
  const cache = responseCacheCreate();
  // Input already validated once is not parsed again: a poll repeats the same parameters every 2 seconds.
  const parsedMemo = new Map<string, { query: unknown; body: unknown }>();

  function cachedRoute<E extends Endpoint>(definition: E, build: (input: Parsed<E>) => string, keyExtra?: (input: Parsed<E>) => string): void {
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
        const { bytes, etag } = cache.get(key, sports.version(), () => build(input));
        void reply.header('etag', etag).header('cache-control', 'no-cache');
        if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
        return reply.type('application/json; charset=utf-8').send(bytes);
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
