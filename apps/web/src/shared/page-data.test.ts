import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageData, pageDataForget } from './page-data.ts';

/** A stand-in for the DOM whose `#fs-data` can be taken out, as React's first commit on #root does. */
function pageWith(text: string | undefined) {
  const page = { text };
  vi.stubGlobal('document', { getElementById: (id: string) => (id === 'fs-data' && page.text !== undefined ? { textContent: page.text } : null) });
  return page;
}

describe("the page's first-screen data (decisions 078, 080)", () => {
  beforeEach(() => pageDataForget());
  afterEach(() => vi.unstubAllGlobals());

  it('is still there once the element has left the page', () => {
    const page = pageWith(JSON.stringify({ lang: 'pt-BR', banners: { game: [] } }));
    expect(pageData()).toStrictEqual({ lang: 'pt-BR', banners: { game: [] } });
    page.text = undefined;
    expect(pageData()).toStrictEqual({ lang: 'pt-BR', banners: { game: [] } });
  });

  it('is read once: a later change to the element is not seen', () => {
    const page = pageWith(JSON.stringify({ lang: 'pt-BR' }));
    const first = pageData();
    page.text = JSON.stringify({ lang: 'es-MX' });
    expect(pageData()).toBe(first);
  });

  it('is nothing for a page without it, text that is not JSON, or JSON that is not an object', () => {
    for (const text of [undefined, '', '{not json', '[1,2]', 'null', '"pt-BR"', '7']) {
      pageDataForget();
      pageWith(text);
      expect(pageData()).toBeUndefined();
    }
  });
});
