import type { GameCard } from '@piranha/contract';

/**
 * The casino's own routes with their query strings. The page table (app/routes.ts) lists the same paths;
 * a feature may not import the app layer, so they are spelled here once for the feature.
 */
export const CASINO_PATHS = {
  lobby: '/game',
  search: '/game-search',
  detail: '/game-detail',
  tagDetail: '/game-tag-detail',
  more: '/more',
  room: '/game-room',
  history: '/game-history',
  verify: '/game-verify',
  homeGame: '/home/game',
  homeSlots: '/home/slots',
  homeCasino: '/home/casino',
} as const;

type GameRef = Pick<GameCard, 'game_platform' | 'game_id'>;

export function gameRoomHref(game: GameRef): string {
  return `${CASINO_PATHS.room}?platform=${encodeURIComponent(game.game_platform)}&game=${encodeURIComponent(game.game_id)}`;
}

export function gameDetailHref(game: GameRef): string {
  return `${CASINO_PATHS.detail}?platform=${encodeURIComponent(game.game_platform)}&game=${encodeURIComponent(game.game_id)}`;
}

export function tagDetailHref(tabKey: string): string {
  return `${CASINO_PATHS.tagDetail}?tab=${encodeURIComponent(tabKey)}`;
}

export function verifyHref(roundId: string): string {
  return `${CASINO_PATHS.verify}?round_id=${encodeURIComponent(roundId)}`;
}
