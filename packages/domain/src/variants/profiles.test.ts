import { describe, expect, it } from 'vitest';
import { localeForCountry } from '../i18n/locales.ts';
import { isCurrencyCode } from '../money/currency.ts';
import { MARKETS } from './markets.ts';
import type { MarketKey, VariantProfile } from './profile.ts';
import { DEFAULT_VARIANT, VARIANT_PROFILES } from './profiles.ts';

/** Every market of spec §1, written out so that dropping one fails here. */
const MARKET_KEYS: readonly MarketKey[] = ['BR', 'MX', 'IN', 'PH', 'KE', 'VN', 'PE', 'CO', 'AR', 'TH', 'MY', 'RU', 'USD', 'CRYPTO', 'MULTI'];

/** Every leaf of a profile with its path, so an empty nested field is named in the failure. */
function leaves(value: unknown, path: string): [string, unknown][] {
  if (Array.isArray(value)) return value.length === 0 ? [[path, value]] : value.flatMap((item, index) => leaves(item, `${path}[${index}]`));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => leaves(item, `${path}.${key}`));
  return [[path, value]];
}

describe('variant profiles (spec §1)', () => {
  it('has roughly 100 profiles, at least 100', () => {
    expect(VARIANT_PROFILES.length).toBeGreaterThanOrEqual(100);
  });

  it.each(['appKey', 'officialDomain', 'identifier', 'packageName', 'socialClientId'] as const)('gives every profile its own %s', (field) => {
    const values = VARIANT_PROFILES.map((profile) => profile[field]);
    const repeated = values.filter((value, index) => values.indexOf(value) !== index);
    expect(repeated).toEqual([]);
  });

  it('represents every market', () => {
    expect(Object.keys(MARKETS).sort()).toEqual([...MARKET_KEYS].sort());
    const missing = MARKET_KEYS.filter((market) => !VARIANT_PROFILES.some((profile) => profile.market === market));
    expect(missing).toEqual([]);
  });

  it('fills every field of every profile', () => {
    const empty = VARIANT_PROFILES.flatMap((profile) => leaves(profile, profile.appKey)).filter(
      ([, value]) =>
        value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0),
    );
    expect(empty).toEqual([]);
  });

  it('names every field the spec lists for a profile', () => {
    const specFields: (keyof VariantProfile)[] = [
      'name',
      'appKey',
      'currency',
      'country',
      'minCharge',
      'supportEmail',
      'defaultLang',
      'officialDomain',
      'appGroup',
      'appName',
      'cvPrefix',
      'identifier',
      'packageName',
      'socialClientId',
      'flags',
      'seo',
      'favicon',
      'supportContact',
      'vipSupportStage',
    ];
    for (const profile of VARIANT_PROFILES) for (const field of specFields) expect(profile, `${profile.appKey}.${field}`).toHaveProperty(field);
  });

  it.each<[MarketKey, number]>([
    // Spec §9: 30 for Brazil, India, Philippines, Kenya, Vietnam, USD; 80 for Mexico, Colombia, Peru, multi-currency.
    // Vietnam's 30 is read in thousands of dong (₫30,000): ₫30 would be worth a tenth of a US cent.
    ['BR', 30],
    ['IN', 30],
    ['PH', 30],
    ['KE', 30],
    ['VN', 30_000],
    ['USD', 30],
    ['MX', 80],
    ['CO', 80],
    ['PE', 80],
    ['MULTI', 80],
  ])('sets the minimum deposit of every %s brand to %i', (market, minCharge) => {
    const profiles = VARIANT_PROFILES.filter((profile) => profile.market === market);
    expect(profiles.length).toBeGreaterThan(0);
    for (const profile of profiles) expect(profile.minCharge, profile.appKey).toBe(minCharge);
  });

  it.each<[MarketKey, string]>([
    // Spec §1: Brazil (BRL), Mexico (MXN), India (INR), Philippines (PHP), Kenya (KES), Vietnam (VND), Peru (PEN), Colombia (COP).
    ['BR', 'BRL'],
    ['MX', 'MXN'],
    ['IN', 'INR'],
    ['PH', 'PHP'],
    ['KE', 'KES'],
    ['VN', 'VND'],
    ['PE', 'PEN'],
    ['CO', 'COP'],
    ['USD', 'USD'],
    ['CRYPTO', 'USDT'],
  ])('sells the %s market in %s', (market, currency) => {
    for (const profile of VARIANT_PROFILES.filter((item) => item.market === market)) expect(profile.currency, profile.appKey).toBe(currency);
  });

  it('shows American odds on every Mexican brand (spec §1)', () => {
    const mexican = VARIANT_PROFILES.filter((profile) => profile.market === 'MX');
    expect(mexican.length).toBeGreaterThan(0);
    for (const profile of mexican) expect(profile.oddsFormat, profile.appKey).toBe('american');
  });

  it('offers more than one currency on a multi-currency brand, the default first', () => {
    for (const profile of VARIANT_PROFILES) {
      expect(profile.currencies[0], profile.appKey).toBe(profile.currency);
      for (const code of profile.currencies) expect(isCurrencyCode(code), `${profile.appKey} ${code}`).toBe(true);
      if (profile.market === 'MULTI') expect(profile.currencies.length, profile.appKey).toBeGreaterThan(1);
    }
  });

  it('speaks the language of its country in every single-country market (spec §9)', () => {
    // Multi-country brands default to English. Colombia is left out on purpose: spec §9's language-by-country
    // list gives it English, but a Colombian brand's own default is Spanish (es-MX), which the spec leaves open.
    const countryMarkets = VARIANT_PROFILES.filter((profile) => !['CRYPTO', 'MULTI', 'CO'].includes(profile.market));
    for (const profile of countryMarkets) expect(profile.defaultLang, profile.appKey).toBe(localeForCountry(profile.country));
  });

  it('serves each brand on a domain named after its key, with support addresses on that domain', () => {
    for (const profile of VARIANT_PROFILES) {
      expect(profile.officialDomain.startsWith(`${profile.appKey}.`), profile.appKey).toBe(true);
      expect(profile.supportEmail, profile.appKey).toBe(`support@${profile.officialDomain}`);
      expect(profile.seo.title, profile.appKey).toContain(profile.name);
      expect(profile.seo.description, profile.appKey).not.toContain('{name}');
    }
  });

  it('gives an unknown domain the first profile', () => {
    expect(DEFAULT_VARIANT).toBe(VARIANT_PROFILES[0]);
  });
});
