import {
  crashLiveBetPlace as crashLiveBetPlaceEndpoint,
  crashLiveCashout as crashLiveCashoutEndpoint,
  crashLiveHistory,
  crashLiveState,
  hallBanner,
  hallFavouriteAdd,
  hallFavouriteDel,
  hallFavouriteList,
  hallFeedback,
  hallFreeRounds,
  hallGameInfo,
  hallGameTabList,
  hallGameUserToken,
  hallHistory,
  hallLaunch,
  hallList,
  hallRecentList,
  hallRound,
  hallSearch,
  hallTabs,
  hallUiSwitch,
  hallUiSwitchInfo,
  studioRound,
  studioRoundAction,
  studioRounds,
  studioSeedClient,
  studioSeedRotate,
  studioSession,
} from '@piranha/contract';
import { isCurrencyCode } from '@piranha/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../app-error.ts';
import type { RequestContext } from '../../plugins/request-context.ts';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import {
  hallBannerGet,
  hallFavouriteListGet,
  hallFavouriteSet,
  hallFeedbackAdd,
  hallFreeRoundsGet,
  hallGameInfoGet,
  hallGameTabListGet,
  hallLaunch as hallLaunchDo,
  hallListGet,
  hallRecentGet,
  hallSearchGet,
  hallTabsGet,
  hallUiSwitchGet,
  hallUiSwitchSet,
  hallUserToken,
  type HallDeps,
} from './casino-hall.service.ts';
import {
  fairClientSeedSet,
  fairSeedRotate,
  roundDetail,
  roundsHistory,
  studioRoundAction as roundActionDo,
  studioRoundPlay,
  studioRoundResume,
  studioRoundsList,
  studioSessionOf,
  studioSessionView,
  studioTokenOwner,
  type StudioDeps,
} from './casino-studio.service.ts';
import { crashLiveBetPlace, crashLiveCashout, crashLiveHistoryGet, crashLiveStateGet, type CrashLiveDeps } from './crash-live.service.ts';

function currencyOf(ctx: RequestContext): string {
  return ctx.params.currency && isCurrencyCode(ctx.params.currency) ? ctx.params.currency : ctx.variant.currency;
}

function beforeIdOf(cursor: string | undefined): number | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  if (!/^\d{1,15}$/.test(cursor)) throw new AppError('VALIDATION_FAILED', { field: 'cursor', issue: 'invalid' });
  return Number(cursor);
}

/** The hall (lobby) and the house studio's play API. */
export function casinoRoutes(app: FastifyInstance, deps: RouteDeps, hall: HallDeps, studio: StudioDeps, crashLive: CrashLiveDeps): void {
  routeRegister(app, deps, hallTabs, ({ user, ctx, query }) => hallTabsGet(hall, user?.uid, ctx.locale, query.main_key));
  routeRegister(app, deps, hallList, ({ user, query }) => hallListGet(hall, user?.uid, query));
  routeRegister(app, deps, hallBanner, ({ query }) => hallBannerGet(hall, query.main_key));
  routeRegister(app, deps, hallSearch, ({ user, query }) => hallSearchGet(hall, user?.uid, query.keyword));
  routeRegister(app, deps, hallLaunch, ({ user, ctx, query }) => hallLaunchDo(hall, user, query.game_platform, query.game_id, currencyOf(ctx), ctx.locale));
  routeRegister(app, deps, hallRecentList, ({ user }) => hallRecentGet(hall, user.uid));
  routeRegister(app, deps, hallFavouriteList, ({ user }) => hallFavouriteListGet(hall, user.uid));
  routeRegister(app, deps, hallFavouriteAdd, ({ user, body }) => hallFavouriteSet(hall, user.uid, body.game_platform, body.game_id, true));
  routeRegister(app, deps, hallFavouriteDel, ({ user, body }) => hallFavouriteSet(hall, user.uid, body.game_platform, body.game_id, false));
  routeRegister(app, deps, hallFeedback, ({ user, body }) => hallFeedbackAdd(hall, user.uid, body));
  routeRegister(app, deps, hallUiSwitch, ({ user, query }) => hallUiSwitchSet(hall, user.uid, query.switch === '1' ? 1 : 2));
  routeRegister(app, deps, hallUiSwitchInfo, ({ user }) => hallUiSwitchGet(hall, user?.uid));
  routeRegister(app, deps, hallGameUserToken, ({ user, ctx }) => hallUserToken(hall, user, currencyOf(ctx)));
  routeRegister(app, deps, hallGameTabList, ({ user, ctx, query }) => hallGameTabListGet(hall, user?.uid, ctx.locale, query));
  routeRegister(app, deps, hallGameInfo, ({ user, ctx, query }) => hallGameInfoGet(hall, user?.uid, query.game_platform, query.game_id, currencyOf(ctx)));
  routeRegister(app, deps, hallHistory, async ({ user, query }) => {
    const page = await roundsHistory(studio, user.uid, { gameId: query.game_id, beforeId: beforeIdOf(query.cursor), limit: query.page_size ?? 20 });
    return {
      list: page.list,
      cursor: page.nextBeforeId === undefined ? '' : String(page.nextBeforeId),
      has_more: page.nextBeforeId === undefined ? (0 as const) : (1 as const),
    };
  });
  routeRegister(app, deps, hallRound, ({ user, query }) => roundDetail(studio, user.uid, query.round_id));
  routeRegister(app, deps, hallFreeRounds, ({ user, query }) => hallFreeRoundsGet(hall, user.uid, query.status, query.offset ?? 0));

  routeRegister(app, deps, studioSession, ({ query }) => studioSessionView(studio, query.token));
  // A round's Idempotency-Key is the player's (the token's), never the device's or the address's: a retry from another
  // network answers the first round. It is claimed with the round it plays, so a crash leaves it resumable (decision 016).
  const playerScope = async ({ body }: { body: { token: string } }) => `u:${await studioTokenOwner(studio, body.token)}`;
  routeRegister(
    app,
    deps,
    studioRound,
    ({ body, claim }) =>
      studioRoundPlay(studio, { token: body.token, gameId: body.game_id, bet: body.bet, params: body.params, freeRound: body.free_round === 1 }, claim),
    { idempotencyScope: playerScope, resumable: { resume: ({ body, ref }) => studioRoundResume(studio, body.token, ref) } },
  );
  routeRegister(
    app,
    deps,
    studioRoundAction,
    ({ body, claim }) =>
      roundActionDo(
        studio,
        { token: body.token, roundId: body.round_id, action: body.action, tile: body.tile, door: body.door, holds: body.holds, hand: body.hand },
        claim,
      ),
    { idempotencyScope: playerScope, resumable: { resume: ({ body, ref }) => studioRoundResume(studio, body.token, ref) } },
  );
  routeRegister(app, deps, studioSeedClient, async ({ body }) => {
    const session = await studioSessionOf(studio, body.token, { forBet: false });
    return fairClientSeedSet(studio, session.userId, body.client_seed);
  });
  routeRegister(app, deps, studioSeedRotate, async ({ body }) => {
    const session = await studioSessionOf(studio, body.token, { forBet: false });
    return fairSeedRotate(studio, session.userId, body.client_seed);
  });
  routeRegister(app, deps, studioRounds, async ({ query }) => ({ list: await studioRoundsList(studio, query.token, query.limit ?? 10) }));

  // Crash live (decision 071): one bet per player and round, so a retried key answers its first bet or CRASH_LIVE_ALREADY_BET.
  routeRegister(app, deps, crashLiveState, ({ query }) => crashLiveStateGet(crashLive, query.token));
  routeRegister(
    app,
    deps,
    crashLiveBetPlaceEndpoint,
    ({ body }) => crashLiveBetPlace(crashLive, { token: body.token, bet: body.bet, autoCashout: body.auto_cashout ?? null }),
    {
      idempotencyScope: playerScope,
    },
  );
  routeRegister(app, deps, crashLiveCashoutEndpoint, ({ body }) => crashLiveCashout(crashLive, { token: body.token, roundId: body.round_id }), {
    idempotencyScope: playerScope,
  });
  routeRegister(app, deps, crashLiveHistory, ({ query }) => crashLiveHistoryGet(crashLive, query.token, query.limit ?? 20));
}
