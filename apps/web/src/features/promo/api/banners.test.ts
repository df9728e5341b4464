import type { Banner } from '@piranha/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../shared/api/api.ts';
import { bannersQueryOptions, firstScreenBannersSeed } from './banners.ts';
import { pageDataForget } from '../../../shared/page-data.ts';

const banner = (id: number, info: string): Banner => ({ id, type: 1, info, url: '#/sport', banner_type: 'normal', title: `Banner ${id}`, expire_time: 0 });

/** The page's `#fs-data` as the server writes it (index-html.ts `firstScreenRender`), in a stand-in for the DOM. */
function pageWith(text: string | undefined) {
  pageDataForget();
  vi.stubGlobal('document', { getElementById: (id: string) => (id === 'fs-data' && text !== undefined ? { textContent: text } : null) });
}
const cached = (source: string, language: string) => queryClient.getQueryData(bannersQueryOptions(source, language).queryKey);

describe('the static first screen hands its banners to the app (decision 078)', () => {
  beforeEach(() => queryClient.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("makes each lobby's banners from the page the banner query's first answer, in the page's language", () => {
    const game = [banner(1, '/banners/casino.svg'), banner(2, '/banners/sports.svg')];
    const sport = [banner(2, '/banners/sports.svg')];
    pageWith(JSON.stringify({ lang: 'pt-BR', banners: { game, sport } }));
    firstScreenBannersSeed('game', 'pt-BR');
    firstScreenBannersSeed('sport', 'pt-BR');
    expect(cached('game', 'pt-BR')).toStrictEqual({ list: game });
    expect(cached('sport', 'pt-BR')).toStrictEqual({ list: sport });
  });

  it('leaves the query to ask the API for another language, a page without the data, or data the contract refuses', () => {
    pageWith(JSON.stringify({ lang: 'pt-BR', banners: { game: [banner(1, '/a.svg')], sport: [{ id: 'x' }] } }));
    firstScreenBannersSeed('game', 'en-US');
    firstScreenBannersSeed('sport', 'pt-BR');
    firstScreenBannersSeed('other', 'pt-BR');
    expect(cached('game', 'en-US')).toBeUndefined();
    expect(cached('sport', 'pt-BR')).toBeUndefined();
    expect(cached('other', 'pt-BR')).toBeUndefined();
    pageWith('{not json');
    firstScreenBannersSeed('game', 'pt-BR');
    pageWith(undefined);
    firstScreenBannersSeed('game', 'pt-BR');
    expect(cached('game', 'pt-BR')).toBeUndefined();
  });

  it('never replaces an answer the query already has', () => {
    const fresh = { list: [banner(7, '/banners/fresh.svg')] };
    queryClient.setQueryData(bannersQueryOptions('game', 'pt-BR').queryKey, fresh);
    pageWith(JSON.stringify({ lang: 'pt-BR', banners: { game: [banner(1, '/a.svg')], sport: [] } }));
    firstScreenBannersSeed('game', 'pt-BR');
    expect(cached('game', 'pt-BR')).toStrictEqual(fresh);
  });
});
