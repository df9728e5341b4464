import { describe, expect, it } from 'vitest';
import full from 'libphonenumber-js/metadata.max.json' with { type: 'json' };
import metadata from './phone-metadata.json' with { type: 'json' };
import { PHONE_REGIONS, phoneMetadataPick, phoneParse } from './phone.ts';

describe('phone metadata', () => {
  it('is the installed libphonenumber-js plans of PHONE_REGIONS (re-run `node scripts/phone-metadata.mjs` if not)', () => {
    expect(metadata).toEqual(phoneMetadataPick(full, PHONE_REGIONS));
  });

  it('keeps a calling code only with the regions kept', () => {
    const picked = phoneMetadataPick(full, ['RU', 'US']);
    expect(picked.country_calling_codes['7']).toEqual(['RU']);
    expect(picked.country_calling_codes['1']).toEqual(['US']);
    expect(picked.country_calling_codes['44']).toBeUndefined();
    expect(Object.keys(picked.countries)).toEqual(['RU', 'US']);
  });

  it('refuses a region the package has no plan for', () => {
    expect(() => phoneMetadataPick(full, ['XX'])).toThrow(/XX/);
  });

  it.each([
    ['+5511987654321', undefined, 'BR', 'MOBILE'],
    ['0917 123 4567', 'PH', 'PH', 'MOBILE'],
    ['0712345678', 'KE', 'KE', 'MOBILE'],
    ['3001234567', 'CO', 'CO', 'MOBILE'],
    ['9876543210', 'IN', 'IN', 'MOBILE'],
  ] as const)('reads %s as a %s number', (text, region, country, type) => {
    const parsed = phoneParse(text, region);
    expect(parsed?.isValid()).toBe(true);
    expect(parsed?.country).toBe(country);
    expect(parsed?.getType()).toBe(type);
  });
});
