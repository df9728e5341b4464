import { readFileSync } from 'node:fs';
import { DATE_FORMATS, dateFormatOf } from '@piranha/domain';
import { lazy, Suspense } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nInit, languageBooting, languageChange, lazyPage, localeCatalogueLoad, localeCatalogueRestLoad } from './i18n.ts';
import { catalogueAdd, i18n, languageSet, translate, useTranslation, type TranslationKey } from './translate.ts';

type Catalogue = { [key: string]: string | Catalogue };
const textOf = (locale: string, key: string) =>
  key
    .split('.')
    .reduce<string | Catalogue>(
      (node, part) => (node as Catalogue)[part]!,
      JSON.parse(readFileSync(new URL(`../../i18n/locales/${locale}.json`, import.meta.url), 'utf8')) as Catalogue,
    );

/** Keys of pages no first route shows: in the rest of the catalogue, not its boot part (decision 059). */
const PAYMENTS_KEY: TranslationKey = 'payments.copyFailed';
const LOYALTY_KEY: TranslationKey = 'loyalty.vip.title';
const HELP_KEY: TranslationKey = 'help.faqTitle';

/** The manifest link the server renders (index-html.ts), as the unit tests' stand-in for the DOM's. */
const manifestLink = {
  href: '/api/v1/conf/pwa/get?app_group=brl1',
  getAttribute(name: string) {
    return name === 'href' ? this.href : null;
  },
  setAttribute(name: string, value: string) {
    if (name === 'href') this.href = value;
  },
};

beforeAll(() => {
  // i18n.ts sets <html lang> and the manifest link's language; the unit tests run without a DOM.
  vi.stubGlobal('document', {
    documentElement: { lang: '' },
    querySelector: (selector: string) => (selector === 'link[rel="manifest"]' ? manifestLink : null),
  });
});

describe('locale loading', () => {
  it('loads a catalogue on demand, in its two parts', async () => {
    const boot = await localeCatalogueLoad('pt-BR');
    expect((boot.footer as Record<string, string>).setting).toBe('Ajustes');
    expect(boot.payments === undefined || (boot.payments as Catalogue).copyFailed === undefined).toBe(true);
    const rest = await localeCatalogueRestLoad('pt-BR');
    expect((rest.payments as Record<string, string>).copyFailed).toBe(textOf('pt-BR', PAYMENTS_KEY));
  });

  it("brings the language's date kits: its first-screen dates are formatted without an Intl formatter (decision 092)", async () => {
    await localeCatalogueLoad('vm-TH');
    const kickOff = new Date(2026, 11, 24, 19, 45);
    for (const options of Object.values(DATE_FORMATS)) {
      const format = dateFormatOf('th-TH', options);
      expect(format).not.toBeInstanceOf(Intl.DateTimeFormat);
      expect(format.format(kickOff)).toBe(new Intl.DateTimeFormat('th-TH', options).format(kickOff));
    }
  });

  it('fails with the module-not-found error for a locale it does not ship (spec §8)', async () => {
    await expect(localeCatalogueLoad('xx-XX')).rejects.toThrow("Cannot find module './locales/xx-XX.json'");
    await expect(localeCatalogueRestLoad('xx-XX')).rejects.toThrow("Cannot find module './locales/xx-XX.json'");
  });

  it('boots on the boot part; a lazy page resolves only once the rest is there, and draws no raw key', async () => {
    // The language being loaded is known at once (the API's lca_lang and the banners' request start beside it).
    const booting = i18nInit('pt-BR');
    expect(languageBooting()).toBe('pt-BR');
    await booting;
    expect(translate('footer.setting')).toBe('Ajustes');
    // (Not asked through translate: a miss there would load the rest by itself.)
    expect(i18n.exists(PAYMENTS_KEY)).toBe(false);

    function DepositLikePage() {
      const { t } = useTranslation();
      return <p>{t(PAYMENTS_KEY)}</p>;
    }
    const Page = lazy(lazyPage(() => Promise.resolve({ default: DepositLikePage })));
    const { prelude } = await prerenderToNodeStream(
      <Suspense fallback="loading">
        <Page />
      </Suspense>,
    );
    let html = '';
    for await (const chunk of prelude) html += String(chunk);
    expect(html).toContain(`<p>${textOf('pt-BR', PAYMENTS_KEY)}</p>`);
    expect(html).not.toContain(PAYMENTS_KEY);
  });

  it('a language switch loads both parts before the language changes', async () => {
    await languageChange('es-MX', { remember: false });
    expect(translate(LOYALTY_KEY)).toBe(textOf('es-MX', LOYALTY_KEY));
    expect(translate('footer.setting')).toBe(textOf('es-MX', 'footer.setting'));
  });

  it("a language switch points the install manifest at the new language, keeping the brand's query", async () => {
    await languageChange('en-US', { remember: false });
    expect(manifestLink.href).toBe('/api/v1/conf/pwa/get?app_group=brl1&lca_lang=en-US');
    await languageChange('pt-BR', { remember: false });
    expect(manifestLink.href).toBe('/api/v1/conf/pwa/get?app_group=brl1&lca_lang=pt-BR');
  });

  it('a key missing from the loaded part loads the rest of its language, then reads as its text', async () => {
    catalogueAdd('ru-RU', await localeCatalogueLoad('ru-RU'));
    languageSet('ru-RU');
    expect(translate(HELP_KEY)).toBe(HELP_KEY);
    await vi.waitFor(() => expect(translate(HELP_KEY)).toBe(textOf('ru-RU', HELP_KEY)));
  });
});
