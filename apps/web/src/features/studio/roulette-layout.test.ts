import { describe, expect, it } from 'vitest';
import { ROULETTE_WHEEL_ORDER, rouletteColour, rouletteRotationDeg } from './roulette-layout.ts';

describe('roulette layout', () => {
  it('has the 37 single-zero pockets, each once', () => {
    expect([...ROULETTE_WHEEL_ORDER].sort((a, b) => a - b)).toEqual(Array.from({ length: 37 }, (_, index) => index));
  });

  it('colours zero green and the 18 red numbers red', () => {
    expect(rouletteColour(0)).toBe('green');
    expect(rouletteColour(32)).toBe('red');
    expect(rouletteColour(15)).toBe('black');
    expect(Array.from({ length: 36 }, (_, index) => rouletteColour(index + 1)).filter((colour) => colour === 'red')).toHaveLength(18);
  });

  it.each([0, 17, 26, 32])('stops pocket %i under the pointer after at least the asked turns', (pocket) => {
    const slice = 360 / 37;
    const from = 123.4;
    const rotation = rouletteRotationDeg(from, pocket, 5);
    expect(rotation - from).toBeGreaterThanOrEqual(5 * 360);
    // The pocket drawn at index × slice degrees ends at the top (0° modulo 360).
    const angle = (ROULETTE_WHEEL_ORDER.indexOf(pocket as 0) * slice + rotation) % 360;
    expect(Math.min(angle, 360 - angle)).toBeCloseTo(0, 6);
  });

  it('refuses a pocket that is not on the wheel', () => {
    expect(() => rouletteRotationDeg(0, 37, 1)).toThrow();
  });
});
