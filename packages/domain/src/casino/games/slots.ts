import type { SlotDefinition } from './slot-engine.ts';

/**
 * The three house slots: explicit reel strips and paytables. Their exact RTPs (slotRtpExact) are the
 * figures in casino-games.ts, checked by casino tests; change a strip or a pay and the test names the new figure.
 */

/** Twenty paylines on a 5×3 window: the row on each reel. */
export const LINES_5X3_20: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 0, 2, 0],
];

/** Five paylines on a 3×3 window: three rows and two diagonals. */
export const LINES_3X3_5: readonly (readonly number[])[] = [
  [1, 1, 1],
  [0, 0, 0],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

/**
 * Reef Riches — a river-reef theme; 5×3, 20 fixed lines (pays in line bets, line bet = stake / 20). The wild
 * (reels 2–5 only) substitutes; 3+ pearls anywhere pay 2 / 10 / 50 × stake and award 10 free spins in which
 * every win is tripled; pearls retrigger 10 more.
 */
export const REEF_RICHES: SlotDefinition = {
  rows: 3,
  mode: 'lines',
  lines: LINES_5X3_20,
  payUnitsPerStake: 20,
  // prettier-ignore
  reels: [
    ['K', 'shell', 'J', 'Q', 'starfish', 'pearl', 'Q', 'piranha', 'J', 'K', 'J', 'starfish', 'turtle', 'A', 'Q', 'K', 'piranha', 'K', 'starfish', 'Q', 'shell', 'pearl', 'starfish', 'A', 'turtle', 'J', 'turtle', 'A', 'J', 'shell', 'A', 'Q'],
    ['starfish', 'Q', 'J', 'Q', 'shell', 'starfish', 'Q', 'A', 'pearl', 'K', 'J', 'turtle', 'K', 'J', 'shell', 'Q', 'starfish', 'piranha', 'wild', 'shell', 'turtle', 'A', 'K', 'wild', 'piranha', 'starfish', 'A', 'shell', 'J', 'Q', 'K', 'A', 'turtle'],
    ['K', 'Q', 'J', 'A', 'turtle', 'J', 'starfish', 'piranha', 'Q', 'wild', 'turtle', 'shell', 'Q', 'starfish', 'J', 'K', 'A', 'turtle', 'piranha', 'K', 'starfish', 'pearl', 'Q', 'shell', 'A', 'K', 'shell', 'starfish', 'J', 'shell', 'A', 'wild'],
    ['A', 'K', 'Q', 'J', 'shell', 'A', 'starfish', 'turtle', 'starfish', 'K', 'J', 'Q', 'wild', 'turtle', 'shell', 'turtle', 'J', 'starfish', 'K', 'Q', 'shell', 'pearl', 'A', 'K', 'Q', 'piranha', 'shell', 'A', 'wild', 'J', 'piranha', 'starfish'],
    ['K', 'Q', 'turtle', 'starfish', 'piranha', 'pearl', 'J', 'starfish', 'A', 'shell', 'piranha', 'J', 'K', 'Q', 'K', 'wild', 'J', 'shell', 'Q', 'shell', 'wild', 'J', 'starfish', 'A', 'turtle', 'A', 'shell', 'turtle', 'starfish', 'K', 'A', 'Q'],
  ],
  paytable: {
    piranha: [0, 0, 0, 60, 250, 1250],
    turtle: [0, 0, 0, 30, 120, 500],
    shell: [0, 0, 0, 20, 75, 250],
    starfish: [0, 0, 0, 12, 50, 185],
    A: [0, 0, 0, 10, 30, 120],
    K: [0, 0, 0, 8, 25, 100],
    Q: [0, 0, 0, 6, 18, 75],
    J: [0, 0, 0, 6, 12, 60],
  },
  wild: 'wild',
  wildMultiplier: 1,
  scatter: 'pearl',
  scatterPays: [0, 0, 0, 2, 10, 50],
  freeSpins: [0, 0, 0, 10, 10, 10],
  freeMultiplier: 3,
};

/**
 * Neon Koi — a neon-lantern night market; 5×3, 243 ways (a win is the symbol on adjacent reels from the left,
 * in any row; pays in fiftieths of the stake × the number of ways). The wild (reels 2–4) substitutes;
 * 3 / 4 / 5 coins pay 1 / 5 / 20 × stake and award 8 / 12 / 20 free spins on richer strips (more wilds and
 * koi); coins retrigger.
 */
export const NEON_KOI: SlotDefinition = {
  rows: 3,
  mode: 'ways',
  payUnitsPerStake: 50,
  // prettier-ignore
  reels: [
    ['lantern', 'J', 'K', 'Q', 'K', 'koi', 'A', 'lantern', 'koi', 'J', 'A', 'K', 'lantern', 'J', 'K', 'J', 'A', 'Q', 'lantern', 'Q', 'J', 'fan', 'dragon', 'fan', 'K', 'fan', 'A', 'coin', 'dragon', 'Q', 'fan', 'dragon', 'A', 'Q'],
    ['lantern', 'J', 'dragon', 'wild', 'koi', 'Q', 'fan', 'A', 'K', 'Q', 'dragon', 'A', 'K', 'J', 'Q', 'fan', 'wild', 'fan', 'J', 'Q', 'A', 'lantern', 'Q', 'A', 'fan', 'K', 'J', 'coin', 'K', 'lantern', 'J', 'koi', 'lantern', 'dragon', 'K', 'A'],
    ['dragon', 'fan', 'coin', 'koi', 'Q', 'dragon', 'J', 'Q', 'koi', 'Q', 'A', 'fan', 'lantern', 'Q', 'dragon', 'J', 'fan', 'lantern', 'K', 'A', 'wild', 'K', 'A', 'J', 'fan', 'Q', 'J', 'lantern', 'wild', 'K', 'lantern', 'K', 'A', 'K', 'A', 'J'],
    ['A', 'fan', 'wild', 'dragon', 'A', 'lantern', 'fan', 'lantern', 'coin', 'K', 'Q', 'J', 'lantern', 'koi', 'dragon', 'lantern', 'K', 'wild', 'dragon', 'Q', 'J', 'K', 'J', 'fan', 'Q', 'A', 'Q', 'K', 'Q', 'A', 'J', 'koi', 'J', 'A', 'fan', 'K'],
    ['A', 'lantern', 'A', 'Q', 'coin', 'dragon', 'A', 'Q', 'J', 'A', 'koi', 'K', 'fan', 'J', 'koi', 'A', 'K', 'dragon', 'K', 'Q', 'J', 'lantern', 'Q', 'K', 'fan', 'lantern', 'J', 'fan', 'Q', 'fan', 'J', 'lantern', 'dragon', 'K'],
  ],
  // prettier-ignore
  freeReels: [
    ['A', 'koi', 'lantern', 'fan', 'Q', 'J', 'Q', 'K', 'dragon', 'fan', 'lantern', 'A', 'dragon', 'fan', 'Q', 'A', 'K', 'A', 'koi', 'dragon', 'K', 'fan', 'J', 'lantern', 'coin', 'Q', 'J', 'K', 'koi', 'lantern', 'J'],
    ['fan', 'wild', 'J', 'lantern', 'K', 'fan', 'A', 'wild', 'dragon', 'koi', 'Q', 'K', 'J', 'fan', 'J', 'Q', 'dragon', 'K', 'A', 'dragon', 'lantern', 'koi', 'coin', 'wild', 'fan', 'A', 'lantern', 'K', 'J', 'wild', 'Q', 'koi', 'A', 'lantern', 'Q'],
    ['lantern', 'A', 'Q', 'wild', 'Q', 'K', 'fan', 'A', 'J', 'K', 'fan', 'dragon', 'fan', 'Q', 'A', 'koi', 'wild', 'koi', 'A', 'dragon', 'fan', 'lantern', 'J', 'Q', 'wild', 'K', 'J', 'lantern', 'J', 'lantern', 'K', 'wild', 'coin', 'koi', 'dragon'],
    ['wild', 'Q', 'J', 'wild', 'koi', 'dragon', 'A', 'J', 'dragon', 'lantern', 'K', 'Q', 'K', 'lantern', 'koi', 'A', 'koi', 'fan', 'K', 'wild', 'fan', 'lantern', 'J', 'A', 'J', 'A', 'wild', 'lantern', 'fan', 'Q', 'K', 'fan', 'dragon', 'coin', 'Q'],
    ['Q', 'J', 'dragon', 'J', 'dragon', 'A', 'J', 'A', 'fan', 'koi', 'lantern', 'A', 'lantern', 'coin', 'K', 'Q', 'K', 'Q', 'koi', 'fan', 'koi', 'lantern', 'fan', 'A', 'K', 'lantern', 'K', 'dragon', 'fan', 'Q', 'J'],
  ],
  paytable: {
    koi: [0, 0, 0, 60, 200, 600],
    dragon: [0, 0, 0, 50, 125, 400],
    lantern: [0, 0, 0, 30, 80, 250],
    fan: [0, 0, 0, 25, 60, 200],
    A: [0, 0, 0, 15, 30, 100],
    K: [0, 0, 0, 15, 30, 80],
    Q: [0, 0, 0, 12, 25, 60],
    J: [0, 0, 0, 12, 25, 60],
  },
  wild: 'wild',
  wildMultiplier: 1,
  scatter: 'coin',
  scatterPays: [0, 0, 0, 1, 5, 20],
  freeSpins: [0, 0, 0, 8, 12, 20],
  freeMultiplier: 1,
};

/**
 * Lucky Sevens — a classic fruit machine; 3×3, 5 lines (pays in line bets, line bet = stake / 5), three of a
 * kind only. The wild is on every reel and doubles the line for each wild in it (×2, ×4); three wilds pay
 * 250 line bets. Three bells anywhere pay 3 × stake and award 7 free spins with every win doubled.
 */
export const LUCKY_SEVENS: SlotDefinition = {
  rows: 3,
  mode: 'lines',
  lines: LINES_3X3_5,
  payUnitsPerStake: 5,
  // prettier-ignore
  reels: [
    ['cherry', 'bell', 'bar3', 'bar1', 'bar2', 'cherry', 'bar1', 'cherry', 'bar1', 'bar2', 'cherry', 'seven', 'wild', 'bar3', 'bar1', 'seven', 'bar3', 'bar2', 'bell', 'cherry', 'bar2', 'cherry', 'bar1'],
    ['bar3', 'bar2', 'bell', 'cherry', 'bar1', 'cherry', 'bar1', 'cherry', 'bar1', 'seven', 'cherry', 'bar1', 'bar2', 'bar3', 'bar2', 'cherry', 'bar2', 'cherry', 'bell', 'seven', 'bar1', 'bar3', 'wild'],
    ['cherry', 'wild', 'cherry', 'bar3', 'cherry', 'bar3', 'bar2', 'bar1', 'bar2', 'bar1', 'seven', 'cherry', 'bar2', 'bar1', 'bell', 'cherry', 'seven', 'bar1', 'bar3', 'bar1', 'cherry', 'bell', 'bar2'],
  ],
  paytable: {
    wild: [0, 0, 0, 250],
    seven: [0, 0, 0, 48],
    bar3: [0, 0, 0, 16],
    bar2: [0, 0, 0, 8],
    bar1: [0, 0, 0, 3],
    cherry: [0, 0, 0, 2],
  },
  wild: 'wild',
  wildMultiplier: 2,
  scatter: 'bell',
  scatterPays: [0, 0, 0, 3],
  freeSpins: [0, 0, 0, 7],
  freeMultiplier: 2,
};
