/** IP → country (ISO 3166-1 alpha-2). A real provider (MaxMind, a CDN header) plugs in behind this. */
export interface GeoIpProvider {
  countryOf(ip: string): string | undefined;
}
