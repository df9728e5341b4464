import type { ContentItem } from '@piranha/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../shared/api/api.ts';
import { firstScreenPopupsSeed, popupsQueryOptions } from './popups.ts';
import { pageDataForget } from '../../../shared/page-data.ts';

const popup = (id: number, key: string, title: string): ContentItem => ({ id, key, title, icon: 'gift', url: '#/promotions', level: 10 });

/** The page's `#fs-data` as the server writes it (index-html.ts `firstScreenRender`), in a stand-in for the DOM. */
function pageWith(text: string | undefined) {
  pageDataForget();
  vi.stubGlobal('document', { getElementById: (id: string) => (id === 'fs-data' && text !== undefined ? { textContent: text } : null) });
}
const cached = (uid: number) => queryClient.getQueryData(popupsQueryOptions(uid).queryKey);
const page = (lang: string, popups: unknown) => JSON.stringify({ lang, banners: { game: [], sport: [] }, popups });

describe("the page hands a new visitor's pop-ups to the app (decision 080)", () => {
  beforeEach(() => queryClient.clear());
  afterEach(() => vi.unstubAllGlobals());

  it("makes the page's pop-up list the visitor's pop-up query's first answer, in the page's language", () => {
    const popups = [popup(1, 'welcome', 'Bem-vindo'), popup(2, 'vip', 'Clube VIP')];
    pageWith(page('pt-BR', popups));
    firstScreenPopupsSeed('pt-BR');
    expect(cached(0)).toStrictEqual({ list: popups });
    // A signed-in player's list holds their pop-up messages: never seeded, asked for as before.
    expect(cached(7)).toBeUndefined();
  });

  it('seeds an empty list too: a brand without pop-ups asks for nothing', () => {
    pageWith(page('es-MX', []));
    firstScreenPopupsSeed('es-MX');
    expect(cached(0)).toStrictEqual({ list: [] });
  });

  it('leaves the query to ask the API for another language, a page without the data, or data the contract refuses', () => {
    pageWith(page('pt-BR', [popup(1, 'welcome', 'Bem-vindo')]));
    firstScreenPopupsSeed('en-US');
    expect(cached(0)).toBeUndefined();
    pageWith(page('pt-BR', [{ id: 'x', key: 'welcome' }]));
    firstScreenPopupsSeed('pt-BR');
    expect(cached(0)).toBeUndefined();
    // A page served by a server before this decision: banners only.
    pageWith(JSON.stringify({ lang: 'pt-BR', banners: { game: [], sport: [] } }));
    firstScreenPopupsSeed('pt-BR');
    expect(cached(0)).toBeUndefined();
    pageWith('{not json');
    firstScreenPopupsSeed('pt-BR');
    pageWith(undefined);
    firstScreenPopupsSeed('pt-BR');
    expect(cached(0)).toBeUndefined();
  });

  it('never replaces an answer the query already has', () => {
    const fresh = { list: [popup(9, 'fresh', 'Fresh')] };
    queryClient.setQueryData(popupsQueryOptions(0).queryKey, fresh);
    pageWith(page('pt-BR', [popup(1, 'welcome', 'Bem-vindo')]));
    firstScreenPopupsSeed('pt-BR');
    expect(cached(0)).toStrictEqual(fresh);
  });
});
