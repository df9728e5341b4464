import { casinoGameInfo, HOUSE_GAME_IDS, LOCALES } from '@piranha/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { casinoMethodText } from './casino-method.ts';
import { localeCatalogueLoad, localeCatalogueRestLoad } from './i18n/i18n.ts';
import { catalogueMerged, translator } from './i18n/translate.ts';

type T = ReturnType<typeof translator>;
const translators = new Map<string, T>();

/** The whole catalogue: its boot part and the rest (decision 059; the method is shown by lazy pages). */
async function translatorLoad(locale: string): Promise<void> {
  const [boot, rest] = await Promise.all([localeCatalogueLoad(locale), localeCatalogueRestLoad(locale)]);
  translators.set(locale, translator(catalogueMerged(boot, rest)));
}

const translatorOf = (locale: string): T => translators.get(locale)!;

// Sixteen catalogue modules to transform: a wait limit for a loaded machine, not a speed check.
beforeAll(() => Promise.all(LOCALES.map(translatorLoad)), 60_000);

describe('casinoMethodText', () => {
  it('words every house game’s method in every language, with the slot’s free-spin frequency filled in', () => {
    const english = translatorOf('en-US');
    for (const locale of LOCALES) {
      const t = translatorOf(locale);
      for (const id of HOUSE_GAME_IDS) {
        const { method } = casinoGameInfo(id);
        const text = casinoMethodText(t, method, locale);
        expect(text).not.toMatch(/casino\.method|\{\{/);
        if (method.key === 'slot') expect(text).toContain(String(method.featureEveryRounds));
        if (locale !== 'en-US') expect(text).not.toBe(casinoMethodText(english, method, 'en-US'));
      }
    }
  });

  it('reads as before in English', () => {
    const t = translatorOf('en-US');
    expect(casinoMethodText(t, casinoGameInfo('reef-riches').method, 'en-US')).toContain('once every 91 rounds');
    expect(casinoMethodText(t, casinoGameInfo('roulette').method, 'en-US')).toBe(
      'Exact by the rules of single-zero roulette: every bet returns 36/37. Figures shown for a bet on red.',
    );
  });
});
