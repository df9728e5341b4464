import { describe, expect, it } from 'vitest';
import { LOCALES } from '../i18n/locales.ts';
import { htmlSanitize } from '../messages/html-sanitize.ts';
import { helpMatches, helpTextPick } from './help-content.ts';
import { helpSeedItems } from './help-seed.ts';

const items = helpSeedItems((locale) => ({
  brand: 'Aguila',
  email: 'support@aguila.com.br',
  minDeposit: `R$ 30 (${locale})`,
  age: 18,
  regulator: 'SPA/MF',
  dataLaw: 'LGPD',
}));

describe('help seed', () => {
  it('writes every item in all 8 languages, filled with the brand facts and already within the sanitizer allow-list', () => {
    for (const item of items) {
      for (const locale of LOCALES) {
        const text = item.texts[locale];
        expect(text.title.length, `${item.slug} ${locale}`).toBeGreaterThan(3);
        expect(text.body).not.toMatch(/undefined|\$\{/);
        // Nothing is dropped by the sanitizer (it only adds rel/target to outside links).
        expect(htmlSanitize(text.body).replaceAll(' target="_blank" rel="noopener noreferrer nofollow"', '')).toBe(text.body);
      }
    }
    expect(items.find((item) => item.slug === 'deposits')!.texts['pt-BR'].body).toContain('R$ 30 (pt-BR)');
    expect(items.find((item) => item.kind === 'privacy')!.texts['es-MX'].body).toContain('LGPD');
  });

  it('covers deposits, withdrawals, bonus wagering, bet rules, account security and responsible gambling', () => {
    expect(items.filter((item) => item.kind === 'faq').map((item) => item.category)).toEqual([
      'deposits',
      'withdrawals',
      'bonus',
      'betting',
      'account',
      'responsible',
    ]);
  });
});

describe('helpTextPick and helpMatches', () => {
  it('falls back to the brand default, then en-US', () => {
    const texts = { 'en-US': { title: 'en', body: '' }, 'pt-BR': { title: 'pt', body: '' } };
    expect(helpTextPick(texts, 'ru-RU', 'pt-BR')!.title).toBe('pt');
    expect(helpTextPick(texts, 'ru-RU', 'es-MX')!.title).toBe('en');
    expect(helpTextPick(texts, 'pt-BR', 'en-US')!.title).toBe('pt');
  });

  it('matches every word, ignoring case and accents', () => {
    expect(helpMatches('deposito minimo', 'O depósito mínimo é de R$ 30')).toBe(true);
    expect(helpMatches('saque bônus', 'O depósito mínimo')).toBe(false);
    expect(helpMatches('充值', '如何充值？')).toBe(true);
  });
});
