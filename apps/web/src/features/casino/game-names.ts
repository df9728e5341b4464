import type { HouseGameId } from '@piranha/domain';

/** House game names are proper names (not translated), as the catalogue shows them. */
const NAMES: Record<HouseGameId, string> = {
  'reef-riches': 'Reef Riches',
  'neon-koi': 'Neon Koi',
  'lucky-sevens': 'Lucky Sevens',
  crash: 'Crash',
  mines: 'Mines',
  dice: 'Dice',
  plinko: 'Plinko',
  roulette: 'European Roulette',
  limbo: 'Limbo',
  keno: 'Keno',
  baccarat: 'Baccarat',
  wheel: 'Wheel',
  tower: 'Tower',
  bingo: 'Bingo 75',
  fishing: 'Reef Fishing',
  'video-poker': 'Jacks or Better',
  hilo: 'Hilo',
  blackjack: 'Blackjack',
};

export function gameNameOf(gameId: string): string {
  return (NAMES as Record<string, string>)[gameId] ?? gameId;
}
