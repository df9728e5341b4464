import { describe, expect, it } from 'vitest';
import { VARIANT_PROFILES } from '../variants/profiles.ts';
import { helpAllowedOrigins, iframeSource, linkResolve } from './help-links.ts';

const profile = VARIANT_PROFILES[0]!;
const APP = 'http://127.0.0.1:8080';
const allowed = helpAllowedOrigins(profile, APP);

describe('linkResolve (/link)', () => {
  it('navigates internal routes', () => {
    expect(linkResolve('/deposit?x=1', allowed, APP)).toEqual({ kind: 'internal', path: '/deposit?x=1' });
    expect(linkResolve('#/faq/home', allowed, APP)).toEqual({ kind: 'internal', path: '/faq/home' });
    expect(linkResolve(`${APP}/#/bonus`, allowed, APP)).toEqual({ kind: 'internal', path: '/bonus' });
  });

  it('opens allow-listed https origins at once and asks first for any other http(s) address', () => {
    expect(linkResolve(`https://help.${profile.officialDomain}/a`, allowed, APP)).toEqual({
      kind: 'external',
      url: `https://help.${profile.officialDomain}/a`,
      trusted: true,
    });
    expect(linkResolve('https://unknown.example/x', allowed, APP)).toEqual({ kind: 'external', url: 'https://unknown.example/x', trusted: false });
    // An allow-listed host over plain http is not the allow-listed origin.
    expect(linkResolve(`http://${profile.officialDomain}/`, allowed, APP)).toMatchObject({ trusted: false });
  });

  it('refuses scripts, data, protocol-relative addresses, credentials and other schemes, however disguised', () => {
    for (const raw of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<b>',
      '//evil.example',
      '/\\evil.example',
      `https://user:pw@${profile.officialDomain}/`,
      'mailto:x@y.z',
      '',
      undefined,
      'x'.repeat(3000),
    ]) {
      expect(linkResolve(raw, allowed, APP), String(raw)).toEqual({ kind: 'refused' });
    }
  });
});

describe('iframeSource (/iframe)', () => {
  it('frames allow-listed https origins and the app itself', () => {
    expect(iframeSource('https://www.youtube-nocookie.com/embed/abc', allowed, APP)).toBe('https://www.youtube-nocookie.com/embed/abc');
    expect(iframeSource('/healthz', allowed, APP)).toBe(`${APP}/healthz`);
  });

  it('refuses any other origin, plain http, scripts and look-alike hosts', () => {
    for (const raw of [
      'https://evil.example/',
      'http://www.youtube-nocookie.com/embed/a',
      'javascript:alert(1)',
      'https://www.youtube-nocookie.com.evil.example/',
      '//www.youtube-nocookie.com/embed',
      '',
    ]) {
      expect(iframeSource(raw, allowed, APP), raw).toBeUndefined();
    }
  });
});
