import { parsePhoneNumberFromString, type CountryCode, type MetadataJson, type PhoneNumber } from 'libphonenumber-js/core';
import metadata from './phone-metadata.json' with { type: 'json' };

/**
 * The regions whose numbers the product parses: each payout method's or currency's country (spec §5). The numbering
 * plans of these alone are `phone-metadata.json`, cut from libphonenumber-js's full ("max") metadata by
 * `phoneMetadataPick` (`node scripts/phone-metadata.mjs` writes it; a test keeps it equal to the installed
 * package's). The whole world's plans were 190 KB of the withdraw page; a region added here needs the script re-run.
 */
export const PHONE_REGIONS = ['BR', 'MX', 'IN', 'PH', 'KE', 'CO', 'VN', 'US', 'PE', 'AR', 'TH', 'MY', 'RU'] as const satisfies readonly CountryCode[];

/** A number in international form, or in `region`'s national form. */
export function phoneParse(text: string, region?: (typeof PHONE_REGIONS)[number]): PhoneNumber | undefined {
  const plans = metadata as unknown as MetadataJson;
  return region ? parsePhoneNumberFromString(text, region, plans) : parsePhoneNumberFromString(text, plans);
}

interface MetadataShape {
  version: number;
  country_calling_codes: Record<string, string[]>;
  countries: Record<string, unknown>;
  nonGeographic?: Record<string, unknown>;
}

/** The part of libphonenumber-js metadata that describes `regions`: their plans and their calling codes only. */
export function phoneMetadataPick(full: MetadataShape, regions: readonly string[]): MetadataShape {
  const keep = new Set(regions);
  const callingCodes: Record<string, string[]> = {};
  for (const [code, countries] of Object.entries(full.country_calling_codes)) {
    const kept = countries.filter((country) => keep.has(country));
    if (kept.length > 0) callingCodes[code] = kept;
  }
  const countries: Record<string, unknown> = {};
  for (const region of [...keep].sort()) {
    if (!(region in full.countries)) throw new Error(`libphonenumber-js has no plan for ${region}`);
    countries[region] = full.countries[region];
  }
  return { version: full.version, country_calling_codes: callingCodes, countries, nonGeographic: {} };
}
