/** `global_stats` of GET /api/v1/conf/global (spec §3, §4). */
export const GLOBAL_STATS = { normal: 0, maintenance: 1, news: 2 } as const;
export type GlobalStats = (typeof GLOBAL_STATS)[keyof typeof GLOBAL_STATS];

/**
 * Where the global status poll sends the player, or undefined to stay.
 * 0 leaves the error page for /game; 1 opens /error with type 3; 2 opens /news.
 */
export function globalStatusTarget(stats: GlobalStats, currentPath: string): string | undefined {
  switch (stats) {
    case GLOBAL_STATS.normal:
      return currentPath === '/error' ? '/game' : undefined;
    case GLOBAL_STATS.maintenance:
      return currentPath === '/error' ? undefined : '/error?type=3';
    case GLOBAL_STATS.news:
      return currentPath === '/news' ? undefined : '/news';
  }
}
