import type { Locale } from '@piranha/domain';

/** Each language is named in itself, so a player who cannot read the current one still finds theirs. */
export const LANGUAGE_NATIVE_NAMES: Readonly<Record<Locale, string>> = {
  'en-US': 'English',
  'es-MX': 'Español',
  'pt-BR': 'Português',
  'ru-RU': 'Русский',
  'vm-VI': 'Tiếng Việt',
  'vm-TH': 'ไทย',
  'zh-CN': '简体中文',
  'ms-MY': 'Bahasa Melayu',
};
