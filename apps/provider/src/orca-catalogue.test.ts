import { casinoParamsParse, casinoStakeValid, casinoGameInfo } from '@piranha/domain';
import { describe, expect, it } from 'vitest';
import { ORCA_GAMES } from './orca-catalogue.ts';
import { PAGE_LOCALES, PAGE_STRINGS } from './page-strings.ts';

describe("Orca Games' lobby", () => {
  it('lists a few dozen games with unique ids, each valid for its engine at its minimum stake', () => {
    expect(ORCA_GAMES.length).toBeGreaterThanOrEqual(24);
    expect(new Set(ORCA_GAMES.map((game) => game.gameId)).size).toBe(ORCA_GAMES.length);
    for (const game of ORCA_GAMES) {
      const stake = casinoGameInfo(game.engine).betMinMinor;
      expect(casinoParamsParse(game.engine, game.paramsFor(stake)), game.gameId).toBeDefined();
      expect(casinoStakeValid(game.engine, game.paramsFor(stake), stake), game.gameId).toBe(true);
      expect(game.rtpPercent, game.gameId).toBeGreaterThan(90);
      expect(game.rtpPercent, game.gameId).toBeLessThan(100);
    }
    expect(new Set(ORCA_GAMES.map((game) => game.category))).toEqual(new Set(['slots', 'mini', 'table']));
  });

  it('words its page in every language with the same keys as English', () => {
    const keysOf = (value: object): string[] =>
      Object.entries(value).flatMap(([key, inner]) => (typeof inner === 'object' ? keysOf(inner).map((sub) => `${key}.${sub}`) : [key]));
    const english = keysOf(PAGE_STRINGS['en-US']).sort();
    for (const locale of PAGE_LOCALES) {
      expect(keysOf(PAGE_STRINGS[locale]).sort(), locale).toEqual(english);
      expect(PAGE_STRINGS[locale].freeSpins, locale).toContain('{n}');
    }
  });
});
