/** European single-zero wheel, clockwise from zero. */
export const ROULETTE_WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
] as const;

const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);

export function rouletteColour(pocket: number): 'green' | 'red' | 'black' {
  if (pocket === 0) return 'green';
  return RED.has(pocket) ? 'red' : 'black';
}

/**
 * The wheel's next absolute rotation: at least `turns` full turns further than `fromDeg`, ending with
 * `pocket` under the pointer at the top (the wheel is drawn with pocket index i at i × slice degrees).
 */
export function rouletteRotationDeg(fromDeg: number, pocket: number, turns: number): number {
  const slice = 360 / ROULETTE_WHEEL_ORDER.length;
  const index = ROULETTE_WHEEL_ORDER.indexOf(pocket as (typeof ROULETTE_WHEEL_ORDER)[number]);
  if (index < 0) throw new Error(`no pocket ${pocket}`);
  const landing = (360 - index * slice) % 360;
  const base = fromDeg + turns * 360;
  const current = ((base % 360) + 360) % 360;
  return base + ((landing - current + 360) % 360);
}
