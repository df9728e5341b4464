import { describe, expect, it } from 'vitest';
import { pathParts, pathResolve, type Location } from './router.tsx';

const at = (pathname: string, search = ''): Location => ({ pathname, search, hash: '', state: null, key: 'default' });

describe('pathParts', () => {
  it.each([
    ['/sport', { pathname: '/sport', search: '', hash: '' }],
    ['/match-detail?id=7&x=1', { pathname: '/match-detail', search: '?id=7&x=1', hash: '' }],
    ['/faq/home?q=pix#answer', { pathname: '/faq/home', search: '?q=pix', hash: '#answer' }],
    ['', { pathname: '/', search: '', hash: '' }],
    ['?', { pathname: '/', search: '', hash: '' }],
    ['sport', { pathname: '/sport', search: '', hash: '' }],
  ])('%s', (path, parts) => {
    expect(pathParts(path)).toEqual(parts);
  });
});

describe('pathResolve', () => {
  it('keeps absolute paths', () => {
    expect(pathResolve('/deposit?kind=pix', at('/game', '?a=1'))).toBe('/deposit?kind=pix');
  });
  it('puts a query-only target on the current page', () => {
    expect(pathResolve('?q=abc', at('/faq/home', '?q=old'))).toBe('/faq/home?q=abc');
  });
  it('puts a fragment-only target on the current page and query', () => {
    expect(pathResolve('#top', at('/faq/home', '?q=x'))).toBe('/faq/home?q=x#top');
  });
  it('reads a bare name from the root', () => {
    expect(pathResolve('menu', at('/game'))).toBe('/menu');
  });
});
