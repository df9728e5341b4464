import type { CurrencyCode } from '../money/currency.ts';
import type { Locale } from '../i18n/locales.ts';
import type { OddsDisplayFormat } from '../odds/odds-format.ts';

/** The market a profile sells in; drives defaults such as home sport tabs and payment methods. */
export type MarketKey = 'BR' | 'MX' | 'IN' | 'PH' | 'KE' | 'VN' | 'PE' | 'CO' | 'AR' | 'TH' | 'MY' | 'RU' | 'USD' | 'CRYPTO' | 'MULTI';

export interface VariantFlags {
  hideSocialLogin: boolean;
  /** A banned site shows the banned guide instead of the product. */
  banned: boolean;
  /** UI version 3: the root goes to /home/slots. */
  uiV3: boolean;
  /** The page the root opens when UI v3 is off. */
  firstEntryPage: '/game' | '/sport';
  /** Partner-bridge client (BRG): header shows the client balance and a back-to-client button. */
  partnerBridge: boolean;
  /** Some builds abbreviate thousands as K. */
  abbreviateThousands: boolean;
}

/** One app profile (spec §1). Field names are the spec's where it names them. */
export interface VariantProfile {
  appKey: string;
  name: string;
  appName: string;
  market: MarketKey;
  /** The jurisdiction profile whose law the brand follows (safer-play/jurisdictions.ts, decision 027). */
  jurisdiction: MarketKey;
  currency: CurrencyCode;
  /** Currencies a player of this brand may hold; the first is the default. */
  currencies: readonly CurrencyCode[];
  /**
   * The brand's home country (ISO 3166 alpha-2): what the area check answers for an address the geo database cannot
   * place (loopback, private ranges) and the country the app reports; none is in the default BLOCKED_COUNTRIES.
   */
  country: string;
  /** Minimum deposit in major units (spec §9). */
  minCharge: number;
  supportEmail: string;
  supportContact: string;
  /** The VIP stage (1–6) from which the player is shown `supportContact` as a dedicated contact (issue 18, decision 034). */
  vipSupportStage: number;
  defaultLang: Locale;
  officialDomain: string;
  appGroup: string;
  cvPrefix: string;
  identifier: string;
  packageName: string;
  socialClientId: string;
  oddsFormat: OddsDisplayFormat;
  flags: VariantFlags;
  seo: { title: string; keywords: string; description: string };
  favicon: string;
  /**
   * `brand` and `accent` fill buttons and chips; `onBrand` / `onAccent` are the text on them and `brandText` / `accentText`
   * the colours written as text on the dark page, each derived to reach 4.5:1 (ui/contrast.ts).
   */
  colours: { brand: string; accent: string; onBrand: string; onAccent: string; brandText: string; accentText: string };
}
