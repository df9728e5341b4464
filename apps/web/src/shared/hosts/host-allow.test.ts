import { describe, expect, it } from 'vitest';
import { hostAllowed } from './host-allow.ts';

const brand = { hostname: 'm.piranha.bet' };
const local = { hostname: '127.0.0.1' };

describe('hostAllowed', () => {
  it('takes an HTTPS origin under the page’s main domain or the brand’s official domain', () => {
    expect(hostAllowed('https://api.piranha.bet', brand, 'piranha.bet')).toBe(true);
    expect(hostAllowed('https://piranha.bet', brand, 'piranha.bet')).toBe(true);
    expect(hostAllowed('https://track.piranha.com.br', { hostname: 'www.other.bet' }, 'piranha.com.br')).toBe(true);
    expect(hostAllowed('https://api.piranha.bet:8443', brand, 'piranha.bet')).toBe(true);
  });

  it('refuses another site, a look-alike, a path, credentials, other schemes and non-strings', () => {
    for (const candidate of [
      'https://evil.example',
      'https://piranha.bet.evil.example',
      'https://evilpiranha.bet',
      'https://api.piranha.bet/',
      'https://api.piranha.bet/api',
      'https://user:pw@api.piranha.bet',
      'http://api.piranha.bet',
      'javascript:alert(1)',
      'data:text/html,x',
      '//api.piranha.bet',
      'api.piranha.bet',
      '',
      42,
      undefined,
    ])
      expect(hostAllowed(candidate, brand, 'piranha.bet'), String(candidate)).toBe(false);
  });

  it('takes plain HTTP only between loopback hosts (a local run)', () => {
    expect(hostAllowed('http://localhost:4000', local, 'piranha.bet')).toBe(true);
    expect(hostAllowed('http://127.0.0.1:4000', { hostname: 'localhost' }, 'piranha.bet')).toBe(true);
    expect(hostAllowed('http://localhost:4000', brand, 'piranha.bet')).toBe(false);
    expect(hostAllowed('http://10.0.0.5:4000', local, 'piranha.bet')).toBe(false);
  });
});
