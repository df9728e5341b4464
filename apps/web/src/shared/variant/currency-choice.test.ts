import { variantFindByKey } from '@piranha/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../storage.ts';
import { currencyChange, currencyCurrent, currencyPick } from './currency-choice.ts';
import { variantSet } from './variant-detect.ts';

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

describe('wallet currency choice', () => {
  const multi = variantFindByKey('orbit')!;
  const brazil = variantFindByKey('piranha')!;

  afterEach(() => vi.unstubAllGlobals());

  it('keeps a stored choice the brand offers', () => {
    expect(currencyPick(multi, 'MXN')).toBe('MXN');
  });

  it('falls back to the brand default for nothing stored or a currency the brand does not offer', () => {
    expect(currencyPick(multi, undefined)).toBe(multi.currency);
    expect(currencyPick(brazil, 'MXN')).toBe('BRL');
  });

  it('on a different currency clears the message cache, stores the choice and reloads (spec §4)', () => {
    vi.stubGlobal('localStorage', storageFake());
    vi.stubGlobal('document', { documentElement: { getAttribute: () => null, style: { setProperty: () => undefined } } });
    variantSet(multi);
    localStorage.setItem(STORAGE_KEYS.messageCache, '{"top_bar_closed":0}');
    const reload = vi.fn();

    expect(currencyChange(multi.currency, reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.messageCache)).not.toBeNull();

    expect(currencyChange('MXN', reload)).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
    expect(localStorage.getItem(STORAGE_KEYS.messageCache)).toBeNull();
    expect(currencyCurrent()).toBe('MXN');

    expect(currencyChange('KES', reload)).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
  });
});
