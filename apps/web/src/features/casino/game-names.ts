import { HOUSE_GAME_IDS } from '@piranha/domain';

/** House game names are proper names (not translated), as the catalogue shows them. */
const NAMES: Record<(typeof HOUSE_GAME_IDS)[number], string> = {
  'reef-riches': 'Reef Riches',
  'neon-koi': 'Neon Koi',
  'lucky-sevens': 'Lucky Sevens',
  crash: 'Crash',
  mines: 'Mines',
  dice: 'Dice',
  plinko: 'Plinko',
  roulette: 'European Roulette',
};

export function gameNameOf(gameId: string): string {
  return (NAMES as Record<string, string>)[gameId] ?? gameId;
}
