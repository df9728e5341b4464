import { textColourOn, textColourOnPage } from '../ui/contrast.ts';
import { MARKETS } from './markets.ts';
import type { MarketKey, VariantFlags, VariantProfile } from './profile.ts';

/**
 * Every app profile, in one place. A row names what makes a brand itself; `profileBuild` fills in
 * what follows from its market and key (domain, package name, client ids) so no two rows drift apart.
 * Brands and domains are fictional.
 */
type BrandRow = readonly [appKey: string, name: string, market: MarketKey, brand: string, accent: string, flags?: Partial<VariantFlags>];

const BRAND_ROWS: readonly BrandRow[] = [
  ['piranha', 'Piranha', 'BR', '#16a34a', '#facc15'],
  ['tucunare', 'Tucunaré Bet', 'BR', '#0ea5e9', '#f97316', { uiV3: true }],
  ['capivara', 'Capivara Win', 'BR', '#a16207', '#22c55e'],
  ['araraazul', 'Arara Azul', 'BR', '#2563eb', '#fbbf24'],
  ['botorosa', 'Boto Rosa', 'BR', '#db2777', '#38bdf8'],
  ['sabia', 'Sabiá Sports', 'BR', '#ea580c', '#84cc16'],
  ['ipeamarelo', 'Ipê Amarelo', 'BR', '#ca8a04', '#16a34a', { abbreviateThousands: true }],
  ['mareforte', 'Maré Forte', 'BR', '#0891b2', '#f43f5e'],
  ['sambagol', 'Samba Gol', 'BR', '#15803d', '#eab308', { firstEntryPage: '/sport' }],
  ['jacare', 'Jacaré Play', 'BR', '#4d7c0f', '#f59e0b'],
  ['onca', 'Onça Pintada', 'BR', '#b45309', '#10b981'],
  ['tamandua', 'Tamanduá Bet', 'BR', '#7c3aed', '#facc15'],
  ['pororoca', 'Pororoca', 'BR', '#0369a1', '#fb923c', { hideSocialLogin: true }],
  ['cajubet', 'Caju Bet', 'BR', '#dc2626', '#fde047'],
  ['guaranawin', 'Guaraná Win', 'BR', '#be123c', '#4ade80'],
  ['aracaju', 'Aracaju Sorte', 'BR', '#0f766e', '#f472b6'],
  ['pantanal', 'Pantanal Bet', 'BR', '#166534', '#fcd34d', { uiV3: true }],
  ['bossanova', 'Bossa Nova', 'BR', '#9333ea', '#22d3ee'],
  ['carnaval', 'Carnaval Cassino', 'BR', '#c026d3', '#facc15', { banned: true }],
  ['brgparceiro', 'Parceiro BRG', 'BR', '#1d4ed8', '#f97316', { partnerBridge: true }],
  ['aguila', 'Águila Apuestas', 'MX', '#b91c1c', '#16a34a'],
  ['jaguarmx', 'Jaguar MX', 'MX', '#d97706', '#0ea5e9'],
  ['nopal', 'Nopal Bet', 'MX', '#15803d', '#f43f5e'],
  ['mariachi', 'Mariachi Win', 'MX', '#9f1239', '#fbbf24'],
  ['tequila', 'Tequila Sports', 'MX', '#a16207', '#22c55e', { uiV3: true }],
  ['cenote', 'Cenote Play', 'MX', '#0e7490', '#facc15'],
  ['lucha', 'Lucha Libre Bet', 'MX', '#7e22ce', '#f97316'],
  ['ajolote', 'Ajolote', 'MX', '#db2777', '#2dd4bf'],
  ['maya', 'Maya Fortuna', 'MX', '#92400e', '#34d399'],
  ['pinata', 'Piñata Casino', 'MX', '#e11d48', '#60a5fa', { abbreviateThousands: true }],
  ['chapulin', 'Chapulín', 'MX', '#4d7c0f', '#f59e0b'],
  ['tacobet', 'Taco Bet', 'MX', '#c2410c', '#84cc16'],
  ['quetzal', 'Quetzal', 'MX', '#047857', '#f472b6'],
  ['sierra', 'Sierra Madre', 'MX', '#1e40af', '#fb923c'],
  ['tigerin', 'Tiger India', 'IN', '#ea580c', '#22c55e'],
  ['lotus', 'Lotus Play', 'IN', '#be185d', '#fde047'],
  ['monsoon', 'Monsoon Bet', 'IN', '#0369a1', '#f59e0b'],
  ['cricketking', 'Cricket King', 'IN', '#15803d', '#facc15'],
  ['masala', 'Masala Win', 'IN', '#b45309', '#38bdf8'],
  ['peacock', 'Peacock', 'IN', '#0f766e', '#a78bfa'],
  ['ganga', 'Ganga Sports', 'IN', '#1d4ed8', '#fb7185', { uiV3: true }],
  ['sitar', 'Sitar Casino', 'IN', '#7c2d12', '#4ade80'],
  ['bollybet', 'Bolly Bet', 'IN', '#c026d3', '#fcd34d'],
  ['chai', 'Chai Play', 'IN', '#92400e', '#22d3ee'],
  ['jeepney', 'Jeepney Bet', 'PH', '#dc2626', '#facc15'],
  ['tarsier', 'Tarsier', 'PH', '#a16207', '#60a5fa'],
  ['boracay', 'Boracay Win', 'PH', '#0891b2', '#f97316'],
  ['mayonbet', 'Mayon Bet', 'PH', '#b91c1c', '#34d399'],
  ['sampaguita', 'Sampaguita', 'PH', '#15803d', '#f472b6'],
  ['halohalo', 'Halo-Halo Play', 'PH', '#7e22ce', '#fde047', { uiV3: true }],
  ['banca', 'Banca Sports', 'PH', '#1e3a8a', '#fb923c'],
  ['pinoyhoops', 'Pinoy Hoops', 'PH', '#c2410c', '#38bdf8'],
  ['adobo', 'Adobo Casino', 'PH', '#78350f', '#a3e635'],
  ['visayas', 'Visayas Bet', 'PH', '#0e7490', '#fbbf24'],
  ['simba', 'Simba Bet', 'KE', '#ca8a04', '#16a34a'],
  ['kilima', 'Kilima Sports', 'KE', '#166534', '#f43f5e'],
  ['safari', 'Safari Win', 'KE', '#a16207', '#0ea5e9'],
  ['harambee', 'Harambee', 'KE', '#b91c1c', '#22c55e'],
  ['maasai', 'Maasai Play', 'KE', '#dc2626', '#2563eb'],
  ['baobab', 'Baobab Bet', 'KE', '#4d7c0f', '#fb923c', { abbreviateThousands: true }],
  ['twiga', 'Twiga', 'KE', '#d97706', '#a78bfa'],
  ['nyota', 'Nyota Casino', 'KE', '#1d4ed8', '#facc15'],
  ['lotusvn', 'Sen Vàng', 'VN', '#b91c1c', '#facc15'],
  ['halong', 'Hạ Long Bet', 'VN', '#0e7490', '#f97316'],
  ['pho', 'Phở Win', 'VN', '#15803d', '#fde047'],
  ['rongvang', 'Rồng Vàng', 'VN', '#ca8a04', '#ef4444'],
  ['mekong', 'Mekong Play', 'VN', '#0369a1', '#4ade80'],
  ['condor', 'Cóndor Apuestas', 'PE', '#b91c1c', '#e5e7eb'],
  ['llama', 'Llama Bet', 'PE', '#a16207', '#38bdf8'],
  ['machu', 'Machu Win', 'PE', '#166534', '#fbbf24'],
  ['inca', 'Inca Sports', 'PE', '#c2410c', '#22d3ee'],
  ['titicaca', 'Titicaca', 'PE', '#1e40af', '#f472b6'],
  ['ceviche', 'Ceviche Casino', 'PE', '#0f766e', '#facc15'],
  ['cafetero', 'Cafetero Bet', 'CO', '#78350f', '#facc15'],
  ['colibri', 'Colibrí', 'CO', '#047857', '#fb7185'],
  ['cumbia', 'Cumbia Win', 'CO', '#ca8a04', '#2563eb'],
  ['esmeralda', 'Esmeralda', 'CO', '#15803d', '#fde047', { uiV3: true }],
  ['andino', 'Andino Sports', 'CO', '#1d4ed8', '#f59e0b'],
  ['vallenato', 'Vallenato Play', 'CO', '#b91c1c', '#22c55e'],
  ['orquidea', 'Orquídea Casino', 'CO', '#a21caf', '#fcd34d'],
  ['guacamaya', 'Guacamaya Bet', 'CO', '#dc2626', '#0ea5e9'],
  ['tango', 'Tango Apuestas', 'AR', '#0284c7', '#facc15'],
  ['pampa', 'Pampa Bet', 'AR', '#4d7c0f', '#f97316'],
  ['gaucho', 'Gaucho Win', 'AR', '#92400e', '#38bdf8'],
  ['malbec', 'Malbec Casino', 'AR', '#881337', '#fde047'],
  ['chang', 'Chang Bet', 'TH', '#15803d', '#facc15'],
  ['tuktuk', 'Tuk Tuk Win', 'TH', '#ea580c', '#0ea5e9'],
  ['siam', 'Siam Sports', 'TH', '#1e40af', '#fbbf24'],
  ['harimau', 'Harimau Bet', 'MY', '#ca8a04', '#1d4ed8'],
  ['petronas', 'Menara Win', 'MY', '#0f766e', '#f472b6'],
  ['rafflesia', 'Rafflesia', 'MY', '#b91c1c', '#84cc16'],
  ['medved', 'Medved Bet', 'RU', '#1d4ed8', '#f87171'],
  ['troika', 'Troika Sports', 'RU', '#b91c1c', '#facc15'],
  ['zhar', 'Zhar-Ptitsa', 'RU', '#c2410c', '#22d3ee'],
  ['eaglebet', 'Eagle Bet', 'USD', '#1e3a8a', '#f59e0b'],
  ['libertyplay', 'Liberty Play', 'USD', '#0f766e', '#fb7185'],
  ['goldcoast', 'Gold Coast', 'USD', '#a16207', '#60a5fa'],
  ['satoshi', 'Satoshi Sports', 'CRYPTO', '#f59e0b', '#22d3ee'],
  ['blockwin', 'Block Win', 'CRYPTO', '#7c3aed', '#4ade80', { uiV3: true }],
  ['orbit', 'Orbit Bet', 'MULTI', '#0ea5e9', '#f472b6'],
  ['atlas', 'Atlas Global', 'MULTI', '#4338ca', '#facc15'],
];

/**
 * The VIP stage from which a brand gives its players a dedicated support contact (issue 18): stage 4 (VIP 16) unless
 * the brand sets another — the crypto and US-dollar brands, whose players stake more per bet, from stage 3 (VIP 11).
 */
const VIP_SUPPORT_STAGE_DEFAULT = 4;
const VIP_SUPPORT_STAGE_OF_BRAND: Readonly<Record<string, number>> = { satoshi: 3, blockwin: 3, eaglebet: 3, libertyplay: 3, goldcoast: 3 };

const DEFAULT_FLAGS: VariantFlags = {
  hideSocialLogin: false,
  banned: false,
  uiV3: false,
  firstEntryPage: '/game',
  partnerBridge: false,
  abbreviateThousands: false,
};

function profileBuild([appKey, name, market, brand, accent, flags]: BrandRow, index: number): VariantProfile {
  const defaults = MARKETS[market];
  const officialDomain = `${appKey}.${defaults.tld}`;
  const fill = (text: string) => text.replaceAll('{name}', name);
  // The text colours are worked out on first use (contrast search, ~1 ms a brand): a page reads its own brand's only,
  // and working out every brand's at import cost each first screen ~25 ms of its main thread (decision 078).
  let colours: VariantProfile['colours'] | undefined;
  return {
    appKey,
    name,
    appName: name,
    market,
    jurisdiction: market,
    currency: defaults.currencies[0]!,
    currencies: defaults.currencies,
    country: defaults.country,
    minCharge: defaults.minCharge,
    supportEmail: `support@${officialDomain}`,
    supportContact: `https://help.${officialDomain}`,
    vipSupportStage: VIP_SUPPORT_STAGE_OF_BRAND[appKey] ?? VIP_SUPPORT_STAGE_DEFAULT,
    defaultLang: defaults.defaultLang,
    officialDomain,
    appGroup: `${market.toLowerCase()}${1 + (index % 4)}`,
    cvPrefix: `${appKey.toUpperCase().slice(0, 6)}_${market}`,
    identifier: `pir-${String(index + 1).padStart(3, '0')}`,
    packageName: `com.${appKey}.${market.toLowerCase()}.app`,
    socialClientId: `${100000 + index}-${appKey}.apps.piranha.example`,
    oddsFormat: defaults.oddsFormat,
    flags: { ...DEFAULT_FLAGS, ...flags },
    seo: { title: fill(defaults.seo.title), keywords: fill(defaults.seo.keywords), description: fill(defaults.seo.description) },
    favicon: `/brand/${appKey}.svg`,
    get colours() {
      return (colours ??= {
        brand,
        accent,
        onBrand: textColourOn(brand),
        onAccent: textColourOn(accent),
        brandText: textColourOnPage(brand),
        accentText: textColourOnPage(accent),
      });
    },
  };
}

export const VARIANT_PROFILES: readonly VariantProfile[] = BRAND_ROWS.map(profileBuild);

/** The profile an unknown domain gets. */
export const DEFAULT_VARIANT: VariantProfile = VARIANT_PROFILES[0]!;
