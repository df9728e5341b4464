import { isLocale, localeFromCode, type Locale } from '../i18n/locales.ts';
import type { VariantProfile } from '../variants/profile.ts';

/**
 * The installable web app (issue 22, decision 053): each brand's web app manifest in a language, the icon files the
 * build draws for it, and the start URL. Hash routes: the document is always `/`, so `scope` is `/` and `start_url`
 * is `/` with `?source=pwa` (how the app knows it was opened installed); the route after `#` is the app's to choose.
 */

/** Where the build writes a brand's icons (apps/web/pwa-plugin.ts), served as static files. */
export function pwaIconPath(appKey: string, file: PwaIconFile): string {
  return `/pwa/${appKey}/${file}`;
}

export const PWA_ICON_FILES = {
  any192: { file: 'icon-192.png', size: 192, maskable: false },
  any512: { file: 'icon-512.png', size: 512, maskable: false },
  maskable192: { file: 'maskable-192.png', size: 192, maskable: true },
  maskable512: { file: 'maskable-512.png', size: 512, maskable: true },
  /** iOS web clip (apple-touch-icon, 180 × 180, full bleed: iOS rounds the corners itself). */
  apple180: { file: 'apple-touch-icon-180.png', size: 180, maskable: true },
} as const;
export type PwaIconFile = (typeof PWA_ICON_FILES)[keyof typeof PWA_ICON_FILES]['file'];

/** The texts a manifest carries besides the brand's name, in the eight locales. */
const MANIFEST_TEXTS: Record<
  Locale,
  { sports: string; casino: string; deposit: string; description: string; offlineTitle: string; offlineBody: string; retry: string }
> = {
  'en-US': {
    sports: 'Sports',
    casino: 'Casino',
    deposit: 'Deposit',
    description: 'Sports betting and casino games',
    offlineTitle: 'You are offline',
    offlineBody: 'Check your connection and try again. Your bets and balance are safe on our server.',
    retry: 'Try again',
  },
  'es-MX': {
    sports: 'Deportes',
    casino: 'Casino',
    deposit: 'Depositar',
    description: 'Apuestas deportivas y juegos de casino',
    offlineTitle: 'Sin conexión',
    offlineBody: 'Revisa tu conexión e inténtalo de nuevo. Tus apuestas y tu saldo están seguros en nuestro servidor.',
    retry: 'Reintentar',
  },
  'pt-BR': {
    sports: 'Esportes',
    casino: 'Cassino',
    deposit: 'Depositar',
    description: 'Apostas esportivas e jogos de cassino',
    offlineTitle: 'Você está sem conexão',
    offlineBody: 'Verifique sua conexão e tente de novo. Suas apostas e seu saldo estão seguros no nosso servidor.',
    retry: 'Tentar de novo',
  },
  'ru-RU': {
    sports: 'Спорт',
    casino: 'Казино',
    deposit: 'Пополнить',
    description: 'Ставки на спорт и игры казино',
    offlineTitle: 'Нет подключения',
    offlineBody: 'Проверьте подключение и попробуйте снова. Ваши ставки и баланс в безопасности на нашем сервере.',
    retry: 'Повторить',
  },
  'vm-VI': {
    sports: 'Thể thao',
    casino: 'Sòng bài',
    deposit: 'Nạp tiền',
    description: 'Cá cược thể thao và trò chơi sòng bài',
    offlineTitle: 'Bạn đang ngoại tuyến',
    offlineBody: 'Kiểm tra kết nối và thử lại. Cược và số dư của bạn vẫn an toàn trên máy chủ của chúng tôi.',
    retry: 'Thử lại',
  },
  'vm-TH': {
    sports: 'กีฬา',
    casino: 'คาสิโน',
    deposit: 'ฝากเงิน',
    description: 'เดิมพันกีฬาและเกมคาสิโน',
    offlineTitle: 'คุณออฟไลน์อยู่',
    offlineBody: 'ตรวจสอบการเชื่อมต่อแล้วลองอีกครั้ง เดิมพันและยอดเงินของคุณปลอดภัยบนเซิร์ฟเวอร์ของเรา',
    retry: 'ลองอีกครั้ง',
  },
  'zh-CN': {
    sports: '体育',
    casino: '娱乐场',
    deposit: '存款',
    description: '体育投注与娱乐场游戏',
    offlineTitle: '您已离线',
    offlineBody: '请检查网络连接后重试。您的投注和余额安全保存在我们的服务器上。',
    retry: '重试',
  },
  'ms-MY': {
    sports: 'Sukan',
    casino: 'Kasino',
    deposit: 'Deposit',
    description: 'Pertaruhan sukan dan permainan kasino',
    offlineTitle: 'Anda di luar talian',
    offlineBody: 'Semak sambungan anda dan cuba lagi. Pertaruhan dan baki anda selamat di pelayan kami.',
    retry: 'Cuba lagi',
  },
};

/** The offline page's texts (the service worker shows it when a page cannot be loaded). */
export function pwaOfflineTextsOf(locale: Locale): { title: string; body: string; retry: string } {
  const texts = MANIFEST_TEXTS[locale];
  return { title: texts.offlineTitle, body: texts.offlineBody, retry: texts.retry };
}

/** The BCP 47 tag of a catalogue locale (the app's `vm-` names are Vietnamese and Thai). */
export function localeLangTag(locale: Locale): string {
  return locale === 'vm-VI' ? 'vi' : locale === 'vm-TH' ? 'th' : locale;
}

/**
 * Spec §9: the manifest's language falls back to the app's default. A locale of ours (`pt-BR`), a short code (`PT`) or
 * a browser tag whose language we have (`pt-PT` → `pt-BR`, `vi` → `vm-VI`) is kept; anything else is the brand's.
 */
export function pwaLocaleOf(profile: Pick<VariantProfile, 'defaultLang'>, requested: string | undefined): Locale {
  if (!requested) return profile.defaultLang;
  const exact = localeFromCode(requested);
  if (exact) return exact;
  const language = requested.toLowerCase().split(/[-_]/)[0] ?? '';
  // The brand's own default wins when it speaks the language asked for (es → es-MX for a Mexican brand).
  if (localeLangTag(profile.defaultLang).toLowerCase().startsWith(language) && language.length >= 2) return profile.defaultLang;
  const found = (Object.keys(MANIFEST_TEXTS) as Locale[]).find((locale) => localeLangTag(locale).toLowerCase().split('-')[0] === language);
  return found && isLocale(found) ? found : profile.defaultLang;
}

export interface PwaManifestOptions {
  /** The client-version prefix the install came from (spec §7 cv_prefix), kept on start_url for attribution. */
  cvPrefix?: string | undefined;
}

export interface WebAppManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  display_override: string[];
  orientation: 'portrait';
  theme_color: string;
  background_color: string;
  categories: string[];
  icons: { src: string; sizes: string; type: 'image/png'; purpose: 'any' | 'maskable' }[];
  shortcuts: { name: string; url: string; icons: { src: string; sizes: string; type: 'image/png' }[] }[];
  prefer_related_applications: false;
}

/** The page background of the app (global.css `--bg`): the splash screen shows it before the app draws. */
export const PWA_BACKGROUND = '#0b0f14';

/** A brand's manifest in one locale (already resolved with `pwaLocaleOf`). */
export function pwaManifestOf(profile: VariantProfile, locale: Locale, options: PwaManifestOptions = {}): WebAppManifest {
  const texts = MANIFEST_TEXTS[locale];
  const query = new URLSearchParams({ source: 'pwa' });
  if (options.cvPrefix) query.set('cv_prefix', options.cvPrefix);
  const icon = (entry: (typeof PWA_ICON_FILES)[keyof typeof PWA_ICON_FILES]) => ({
    src: pwaIconPath(profile.appKey, entry.file),
    sizes: `${entry.size}x${entry.size}`,
    type: 'image/png' as const,
    purpose: entry.maskable ? ('maskable' as const) : ('any' as const),
  });
  const small = { src: pwaIconPath(profile.appKey, PWA_ICON_FILES.any192.file), sizes: '192x192', type: 'image/png' as const };
  const shortName = profile.appName.length <= 12 ? profile.appName : (profile.appName.split(' ')[0] ?? profile.appName).slice(0, 12);
  return {
    // Stable identity: the same installed app whatever start_url's query says.
    id: '/',
    name: profile.appName,
    short_name: shortName,
    description: texts.description,
    lang: localeLangTag(locale),
    dir: 'ltr',
    start_url: `/?${query.toString()}`,
    scope: '/',
    display: 'standalone',
    display_override: ['standalone', 'minimal-ui'],
    orientation: 'portrait',
    theme_color: profile.colours.brand,
    background_color: PWA_BACKGROUND,
    categories: ['sports', 'entertainment'],
    icons: [icon(PWA_ICON_FILES.any192), icon(PWA_ICON_FILES.any512), icon(PWA_ICON_FILES.maskable192), icon(PWA_ICON_FILES.maskable512)],
    shortcuts: [
      { name: texts.sports, url: '/?source=pwa#/sport', icons: [small] },
      { name: texts.casino, url: '/?source=pwa#/game', icons: [small] },
      { name: texts.deposit, url: '/?source=pwa#/deposit', icons: [small] },
    ],
    prefer_related_applications: false,
  };
}
