import type { LocalisedText } from '../schema/content.ts';

/** Builds a localised text in the order of LOCALES: en-US, es-MX, pt-BR, ru-RU, vm-VI, vm-TH, zh-CN, ms-MY. */
export function localised(en: string, es: string, pt: string, ru: string, vi: string, th: string, zh: string, ms: string): LocalisedText {
  return { 'en-US': en, 'es-MX': es, 'pt-BR': pt, 'ru-RU': ru, 'vm-VI': vi, 'vm-TH': th, 'zh-CN': zh, 'ms-MY': ms };
}
