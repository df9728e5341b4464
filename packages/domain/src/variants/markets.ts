import type { CurrencyCode } from '../money/currency.ts';
import type { Locale } from '../i18n/locales.ts';
import type { OddsDisplayFormat } from '../odds/odds-format.ts';
import type { MarketKey } from './profile.ts';

export interface MarketDefaults {
  /** The home country of the market's brands (`VariantProfile.country`). */
  country: string;
  currencies: readonly CurrencyCode[];
  defaultLang: Locale;
  minCharge: number;
  oddsFormat: OddsDisplayFormat;
  /** Top-level domain the market's brands use. */
  tld: string;
  /** What a search engine should read, in the market's language; `{name}` is the brand. */
  seo: { title: string; keywords: string; description: string };
}

/** Market defaults (spec §1 and §9). Minimum deposits not given by the spec follow the closest market. */
export const MARKETS: Readonly<Record<MarketKey, MarketDefaults>> = {
  BR: {
    country: 'BR',
    currencies: ['BRL'],
    defaultLang: 'pt-BR',
    minCharge: 30,
    oddsFormat: 'decimal',
    tld: 'com.br',
    seo: {
      title: '{name} – Apostas esportivas e cassino',
      keywords: 'apostas esportivas, cassino, PIX, futebol ao vivo',
      description: '{name}: aposte em futebol ao vivo e jogue no cassino com depósito por PIX.',
    },
  },
  MX: {
    country: 'MX',
    currencies: ['MXN'],
    defaultLang: 'es-MX',
    minCharge: 80,
    oddsFormat: 'american',
    tld: 'mx',
    seo: {
      title: '{name} – Apuestas deportivas y casino',
      keywords: 'apuestas deportivas, casino, SPEI, Liga MX',
      description: '{name}: apuesta en vivo a la Liga MX y juega en el casino con depósitos por SPEI.',
    },
  },
  IN: {
    country: 'IN',
    currencies: ['INR'],
    defaultLang: 'en-US',
    minCharge: 30,
    oddsFormat: 'decimal',
    tld: 'in',
    seo: {
      title: '{name} – Sports betting and casino',
      keywords: 'cricket betting, casino, UPI',
      description: '{name}: bet live and play casino games with UPI deposits.',
    },
  },
  PH: {
    country: 'PH',
    currencies: ['PHP'],
    defaultLang: 'en-US',
    minCharge: 30,
    oddsFormat: 'decimal',
    tld: 'ph',
    seo: {
      title: '{name} – Sports betting and casino',
      keywords: 'sports betting, casino, GCash, basketball',
      description: '{name}: bet on basketball and play casino games with GCash and Maya.',
    },
  },
  KE: {
    country: 'KE',
    currencies: ['KES'],
    defaultLang: 'en-US',
    minCharge: 30,
    oddsFormat: 'decimal',
    tld: 'co.ke',
    seo: {
      title: '{name} – Sports betting and casino',
      keywords: 'sports betting, casino, M-Pesa, football',
      description: '{name}: bet on football and play casino games with M-Pesa.',
    },
  },
  VN: {
    country: 'VN',
    currencies: ['VND'],
    defaultLang: 'vm-VI',
    // Spec §9's "30" for Vietnam, read in thousands of dong (30K, as Vietnamese prices are quoted): ₫30 is worth
    // a tenth of a US cent, ₫30,000 about a dollar, beside the other markets' minimums.
    minCharge: 30_000,
    oddsFormat: 'decimal',
    tld: 'vn',
    seo: {
      title: '{name} – Cá cược thể thao và casino',
      keywords: 'cá cược thể thao, casino, bóng đá',
      description: '{name}: cá cược bóng đá trực tiếp và chơi casino.',
    },
  },
  PE: {
    country: 'PE',
    currencies: ['PEN'],
    defaultLang: 'es-MX',
    minCharge: 80,
    oddsFormat: 'decimal',
    tld: 'pe',
    seo: {
      title: '{name} – Apuestas deportivas y casino',
      keywords: 'apuestas deportivas, casino, Liga 1',
      description: '{name}: apuesta a la Liga 1 y juega en el casino.',
    },
  },
  CO: {
    country: 'CO',
    currencies: ['COP'],
    defaultLang: 'es-MX',
    minCharge: 80,
    oddsFormat: 'decimal',
    tld: 'co',
    seo: {
      title: '{name} – Apuestas deportivas y casino',
      keywords: 'apuestas deportivas, casino, PSE, Nequi',
      description: '{name}: apuesta en vivo y juega en el casino con PSE y Nequi.',
    },
  },
  AR: {
    country: 'AR',
    currencies: ['ARS'],
    defaultLang: 'es-MX',
    minCharge: 80,
    oddsFormat: 'decimal',
    tld: 'com.ar',
    seo: {
      title: '{name} – Apuestas deportivas y casino',
      keywords: 'apuestas deportivas, casino, fútbol',
      description: '{name}: apuesta al fútbol y juega en el casino.',
    },
  },
  TH: {
    country: 'TH',
    currencies: ['THB'],
    defaultLang: 'vm-TH',
    minCharge: 30,
    oddsFormat: 'decimal',
    tld: 'co.th',
    seo: { title: '{name} – เดิมพันกีฬาและคาสิโน', keywords: 'เดิมพันกีฬา, คาสิโน, ฟุตบอล', description: '{name}: เดิมพันฟุตบอลสดและเล่นคาสิโน' },
  },
  MY: {
    country: 'MY',
    currencies: ['MYR'],
    defaultLang: 'ms-MY',
    minCharge: 30,
    oddsFormat: 'decimal',
    tld: 'com.my',
    seo: {
      title: '{name} – Pertaruhan sukan dan kasino',
      keywords: 'pertaruhan sukan, kasino, bola sepak',
      description: '{name}: bertaruh bola sepak secara langsung dan main kasino.',
    },
  },
  RU: {
    country: 'RU',
    currencies: ['RUB'],
    defaultLang: 'ru-RU',
    minCharge: 30,
    oddsFormat: 'decimal',
    tld: 'ru',
    seo: {
      title: '{name} – Ставки на спорт и казино',
      keywords: 'ставки на спорт, казино, футбол',
      description: '{name}: ставки на футбол в прямом эфире и казино.',
    },
  },
  USD: {
    // The dollar brands are sold where the US dollar is the money people hold — Panama (legal tender beside the
    // balboa, online gaming licensed by its Junta de Control de Juegos), Ecuador, El Salvador — not in the United
    // States, which the area check blocks by default (decision 049). The home country is what an address the geo
    // database cannot place (loopback, private ranges) is taken for.
    country: 'PA',
    currencies: ['USD'],
    defaultLang: 'en-US',
    minCharge: 30,
    oddsFormat: 'decimal',
    tld: 'com',
    seo: {
      title: '{name} – Sports betting and casino',
      keywords: 'sports betting, casino, live odds',
      description: '{name}: live odds and casino games, in US dollars.',
    },
  },
  CRYPTO: {
    country: 'BR',
    currencies: ['USDT'],
    defaultLang: 'en-US',
    minCharge: 30,
    oddsFormat: 'decimal',
    tld: 'io',
    seo: { title: '{name} – Crypto sportsbook and casino', keywords: 'crypto betting, USDT, casino', description: '{name}: bet and play with USDT.' },
  },
  MULTI: {
    country: 'BR',
    currencies: ['USDT', 'BRL', 'MXN', 'PHP', 'INR'],
    defaultLang: 'en-US',
    minCharge: 80,
    oddsFormat: 'decimal',
    tld: 'com',
    seo: {
      title: '{name} – Multi-currency sportsbook and casino',
      keywords: 'sports betting, casino, multi-currency, USDT',
      description: '{name}: one account, many currencies: bet and play in yours.',
    },
  },
};
