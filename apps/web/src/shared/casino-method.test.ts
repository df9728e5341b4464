import { casinoGameInfo, HOUSE_GAME_IDS, LOCALES } from '@piranha/domain';
import { describe, expect, it } from 'vitest';
import { casinoMethodText } from './casino-method.ts';
import { localeCatalogueLoad, localeCatalogueRestLoad } from './i18n/i18n.ts';
import { catalogueMerged, translator } from './i18n/translate.ts';

/** The whole catalogue: its boot part and the rest (decision 059; the method is shown by lazy pages). */
async function translatorOf(locale: string) {
  return translator(catalogueMerged(await localeCatalogueLoad(locale), await localeCatalogueRestLoad(locale)));
}

describe('casinoMethodText', () => {
  it('words every house game’s method in every language, with the slot’s free-spin frequency filled in', async () => {
    const english = await translatorOf('en-US');
    for (const locale of LOCALES) {
      const t = await translatorOf(locale);
      for (const id of HOUSE_GAME_IDS) {
        const { method } = casinoGameInfo(id);
        const text = casinoMethodText(t, method, locale);
        expect(text).not.toMatch(/casino\.method|\{\{/);
        if (method.key === 'slot') expect(text).toContain(String(method.featureEveryRounds));
        if (locale !== 'en-US') expect(text).not.toBe(casinoMethodText(english, method, 'en-US'));
      }
    }
  });

  it('reads as before in English', async () => {
    const t = await translatorOf('en-US');
    expect(casinoMethodText(t, casinoGameInfo('reef-riches').method, 'en-US')).toContain('once every 91 rounds');
    expect(casinoMethodText(t, casinoGameInfo('roulette').method, 'en-US')).toBe(
      'Exact by the rules of single-zero roulette: every bet returns 36/37. Figures shown for a bet on red.',
    );
  });
});
