/**
 * The stakes a player can step through: 1-2-5 steps from the game's minimum up to its maximum (which is
 * always offered), all in minor units.
 */
export function stakeLadder(minMinor: number, maxMinor: number): number[] {
  if (minMinor <= 0 || maxMinor < minMinor) return [];
  const ladder: number[] = [];
  for (let decade = 1; decade <= maxMinor * 10; decade *= 10)
    for (const step of [1, 2, 5]) {
      const value = step * decade;
      if (value >= minMinor && value <= maxMinor && !ladder.includes(value)) ladder.push(value);
    }
  if (!ladder.includes(minMinor)) ladder.unshift(minMinor);
  if (!ladder.includes(maxMinor)) ladder.push(maxMinor);
  return ladder.sort((a, b) => a - b);
}

/** A first stake that is small but not the very minimum: ten times it when allowed. */
export function stakeDefault(ladder: readonly number[]): number {
  if (ladder.length === 0) return 0;
  const target = ladder[0]! * 10;
  return ladder.find((value) => value >= target) ?? ladder[ladder.length - 1]!;
}

/** The next stake up or down the ladder from `current` (which may sit between two steps). */
export function stakeStep(ladder: readonly number[], current: number, direction: 1 | -1): number {
  if (ladder.length === 0) return current;
  if (direction === 1) return ladder.find((value) => value > current) ?? ladder[ladder.length - 1]!;
  return [...ladder].reverse().find((value) => value < current) ?? ladder[0]!;
}
