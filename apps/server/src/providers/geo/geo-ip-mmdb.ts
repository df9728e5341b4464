import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader } from 'mmdb-lib';
import type { GeoIpProvider } from './geo-ip.ts';

const require = createRequire(import.meta.url);

/**
 * Country lookup from the CC0 whois/ASN database shipped in `@ip-location-db/geo-whois-asn-country-mmdb`
 * (IPv4 and IPv6). Bumping the package refreshes the data; nothing downloads at run time.
 */
export function geoIpMmdb(path = require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb')): GeoIpProvider {
  const reader = new Reader(readFileSync(path));
  return {
    countryOf(ip) {
      try {
        return (reader.get(ip) as { country_code?: string } | null)?.country_code?.toUpperCase();
      } catch {
        // Not an IP address at all (a malformed forwarded header): treat as unknown.
        return undefined;
      }
    },
  };
}
