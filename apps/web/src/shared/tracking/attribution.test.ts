import { beforeEach, describe, expect, it, vi } from 'vitest';
import { attributionCapture, attributionCurrent } from './attribution.ts';

function storageFake(): Storage {
  const entries = new Map<string, string>();
  return {
    get length() {
      return entries.size;
    },
    clear: () => entries.clear(),
    getItem: (key) => entries.get(key) ?? null,
    key: (index) => [...entries.keys()][index] ?? null,
    removeItem: (key) => void entries.delete(key),
    setItem: (key, value) => void entries.set(key, String(value)),
  };
}

describe('attribution', () => {
  beforeEach(() => vi.stubGlobal('localStorage', storageFake()));

  it('keeps afid and from_email from the query or the hash route, the latest link winning', () => {
    attributionCapture({ search: '?afid=aff-77', hash: '#/game' });
    expect(attributionCurrent()).toEqual({ afid: 'aff-77' });
    attributionCapture({ search: '', hash: '#/register?from_email=spring_promo' });
    expect(attributionCurrent()).toEqual({ afid: 'aff-77', from_email: 'spring_promo' });
    attributionCapture({ search: '?afid=aff-78', hash: '' });
    expect(attributionCurrent()).toEqual({ afid: 'aff-78', from_email: 'spring_promo' });
  });

  it('drops anything that could be personal data or is not a short token', () => {
    attributionCapture({ search: '?from_email=someone@example.com&afid=a%20b', hash: `#/?afid=${'x'.repeat(65)}` });
    expect(attributionCurrent()).toEqual({});
    localStorage.setItem('pir.attribution', JSON.stringify({ afid: 'ok-1', from_email: 'me@example.com' }));
    expect(attributionCurrent()).toEqual({ afid: 'ok-1' });
  });
});
