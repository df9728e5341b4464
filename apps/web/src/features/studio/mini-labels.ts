import type { BingoPattern, FishingFish } from '@piranha/domain';

/** Message keys of the bingo patterns and the fish, shared by the panels and the info sheet. */
export const BINGO_PATTERN_LABELS: Record<BingoPattern, `casino.studio.bingo${'Corners' | 'Line' | 'TwoLines' | 'X' | 'ThreeLines' | 'FullHouse'}`> = {
  corners: 'casino.studio.bingoCorners',
  line: 'casino.studio.bingoLine',
  'two-lines': 'casino.studio.bingoTwoLines',
  x: 'casino.studio.bingoX',
  'three-lines': 'casino.studio.bingoThreeLines',
  'full-house': 'casino.studio.bingoFullHouse',
};

export const FISH_LABELS: Record<FishingFish, `casino.studio.fish${'Minnow' | 'Puffer' | 'Turtle' | 'Shark' | 'Whale'}`> = {
  minnow: 'casino.studio.fishMinnow',
  puffer: 'casino.studio.fishPuffer',
  turtle: 'casino.studio.fishTurtle',
  shark: 'casino.studio.fishShark',
  whale: 'casino.studio.fishWhale',
};
