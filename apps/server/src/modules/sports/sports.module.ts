import type { MarketMargins } from '@piranha/domain';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { Leadership } from '../../jobs/leadership.ts';
import type { PollLane } from '../../plugins/poll-lane.ts';
import type { RouteDeps } from '../../plugins/route.ts';
import { feedNodeOpen } from '../../providers/feed/feed-node.ts';
import { feedStoreChangeMark, feedStoreSql } from '../../providers/feed/feed-store.repository.ts';
import type { SportsFeed } from '../../providers/feed/sports-feed.ts';
import { betLegsMatchIdMax } from '../betting/betting.repository.ts';
import type { RealtimeHub } from '../../realtime/realtime-hub.ts';
import { feedOpsRoutes } from './feed-ops.routes.ts';
import { oddsPushStart, type OddsPush } from './odds-push.ts';
import { sportsRoutes } from './sports.routes.ts';
import { sportsStateCreate, type SportsState } from './sports-state.ts';

/** How often a follower node checks the stored feed for a new day or a correction (and retries a failed swap). */
const FEED_SYNC_MS = 2_000;

export interface SportsModuleDeps {
  config: AppConfig;
  database: Database;
  deps: RouteDeps;
  jobs: JobRunner;
  leadership: Leadership;
  lane: PollLane;
  /** Market margins, checked before anything opened (an unknown kind in FEED_MARGINS fails the start). */
  margins: MarketMargins;
  /** This node's sockets: each feed change goes to the brands' odds topics on it (decision 075). */
  hub: RealtimeHub;
  /** A sports feed in place of the simulator (tests). */
  feed?: SportsFeed;
  /** false: no one-second ticker; the test moves the feed itself. */
  feedTicker?: boolean;
}

export interface SportsModule {
  feed: SportsFeed;
  state: SportsState;
  oddsPush: OddsPush;
  /** At shutdown, once the jobs stopped: the feed no longer follows leadership nor swaps. */
  stop(): void;
}

/**
 * The sports feed of this node, its priced state and routes. The simulator resumes what it stored
 * (docs/decisions/015-durable-feed.md): a restart never replays a match id. The leader node runs it; the others
 * replay the store (021), swapping when leadership moves.
 */
export async function sportsModuleRegister(app: FastifyInstance, options: SportsModuleDeps): Promise<SportsModule> {
  const { config, database, deps, jobs, leadership, lane } = options;
  const feedNode = options.feed
    ? undefined
    : await feedNodeOpen({
        store: feedStoreSql(database.db, deps.now),
        changeMark: () => feedStoreChangeMark(database.db),
        simulator: {
          seed: config.feed.seed,
          speedFactor: config.feed.speedFactor,
          matchIdUsedMax: () => betLegsMatchIdMax(database.db),
          log: (message, details) => app.log.warn(details, message),
        },
        now: () => deps.now().getTime(),
        leader: leadership.isLeader(),
        log: (message, details) => app.log.info(details, message),
      });
  const feed = options.feed ?? feedNode!;
  const feedUnfollowLeader = leadership.onChange((leader) => void feedNode?.leadSet(leader));
  if (feedNode) jobs.register({ name: 'feed-sync', scope: 'node', everyMs: FEED_SYNC_MS, quiet: true, run: () => feedNode.sync() });
  const state = sportsStateCreate(feed, options.margins, (error, matchId) => app.log.error({ err: error, matchId }, 'pricing a match failed'));
  const oddsPush = oddsPushStart(state, options.hub);
  sportsRoutes(app, { ...deps, sports: state, lane });
  feedOpsRoutes(app, { feed, opsToken: config.opsToken });
  // The feed moves once a second; each tick that changes something publishes a new snapshot version. A failing tick
  // is logged and counted by the runner, and the next one tries again.
  if (options.feedTicker !== false) jobs.register({ name: 'feed-tick', scope: 'node', everyMs: 1000, quiet: true, run: () => feed.tick(deps.now().getTime()) });
  return {
    feed,
    state,
    oddsPush,
    stop() {
      oddsPush.stop();
      feedUnfollowLeader();
      feedNode?.stop();
    },
  };
}
