import { intlLocaleOf, type CasinoGameInfo } from '@piranha/domain';
import type { TFunction } from './i18n/translate.ts';

const METHOD_KEYS = {
  slot: 'casino.method.slot',
  crash: 'casino.method.crash',
  mines: 'casino.method.mines',
  dice: 'casino.method.dice',
  plinko: 'casino.method.plinko',
  roulette: 'casino.method.roulette',
  limbo: 'casino.method.limbo',
  keno: 'casino.method.keno',
  baccarat: 'casino.method.baccarat',
  wheel: 'casino.method.wheel',
  tower: 'casino.method.tower',
  bingo: 'casino.method.bingo',
  fishing: 'casino.method.fishing',
  'video-poker': 'casino.method.videoPoker',
  hilo: 'casino.method.hilo',
  blackjack: 'casino.method.blackjack',
} as const satisfies Record<CasinoGameInfo['method']['key'], `casino.method.${string}`>;

/**
 * How a house game's figures were obtained, in the player's language: the server sends a key per game kind
 * (and, for slots, how often free spins start); the sentence lives in the catalogues under `casino.method`.
 * Shared by the lobby's game page and the studio's info sheet.
 */
export function casinoMethodText(t: TFunction, method: CasinoGameInfo['method'], language: string): string {
  const every = method.key === 'slot' ? method.featureEveryRounds.toLocaleString(intlLocaleOf(language)) : '';
  return t(METHOD_KEYS[method.key], { every });
}
