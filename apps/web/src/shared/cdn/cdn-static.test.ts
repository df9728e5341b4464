import { describe, expect, it, vi } from 'vitest';
import { areaStaticLoad, HOME_SECTIONS_FALLBACK, homeSectionsLoad, regionLanguage } from './cdn-static.ts';

const answering = (body: unknown, status = 200) => vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;
const failing = vi.fn(async () => {
  throw new TypeError('network down');
}) as unknown as typeof fetch;

describe('home layout document', () => {
  it('is fetched without credentials from its group and UI version path, and its order used', async () => {
    const fetchImpl = answering({
      app_group: 'br1',
      ui_version: 3,
      sections: [
        { key: 'sport', title: 'sport', route: '/sport' },
        { key: 'casino', title: 'casino', route: '/game' },
      ],
    });
    expect(await homeSectionsLoad('br1', 3, fetchImpl)).toEqual(['sport', 'casino']);
    expect(fetchImpl).toHaveBeenCalledWith('/cdn/home/br1/v3.json', expect.objectContaining({ credentials: 'omit' }));
  });

  it('falls back to the built-in order when it cannot load, is refused, malformed or partial', async () => {
    expect(await homeSectionsLoad('br1', 3, failing)).toEqual(HOME_SECTIONS_FALLBACK);
    expect(await homeSectionsLoad('br1', 3, answering({ dm_error: 1003 }, 404))).toEqual(HOME_SECTIONS_FALLBACK);
    expect(await homeSectionsLoad('br1', 3, answering({ sections: 'nope' }))).toEqual(HOME_SECTIONS_FALLBACK);
    const partial = answering({ app_group: 'br1', ui_version: 3, sections: [{ key: 'sport', title: 'sport', route: '/sport' }] });
    expect(await homeSectionsLoad('br1', 3, partial)).toEqual(HOME_SECTIONS_FALLBACK);
  });
});

describe('area document and the region language', () => {
  const area = { version: 1, languages: { BR: 'pt-BR', CO: 'es-MX' }, cv_countries: { AGUILA_MX: 'MX' } };

  it('is fetched without credentials and parsed; undefined when it cannot load', async () => {
    const fetchImpl = answering(area);
    expect(await areaStaticLoad(fetchImpl)).toEqual(area);
    expect(fetchImpl).toHaveBeenCalledWith('/cdn/area/v1.json', expect.objectContaining({ credentials: 'omit' }));
    expect(await areaStaticLoad(failing)).toBeUndefined();
    expect(await areaStaticLoad(answering({ version: 'x' }))).toBeUndefined();
  });

  it('takes the operator’s regionDefaultLang first, then the area document, then the built-in table', () => {
    expect(regionLanguage('co', { CO: 'pt-BR' }, area)).toBe('pt-BR');
    expect(regionLanguage('CO', {}, area)).toBe('es-MX');
    expect(regionLanguage('CO', { CO: 'klingon' }, undefined)).toBe('en-US');
    expect(regionLanguage('TH', undefined, undefined)).toBe('vm-TH');
  });
});
