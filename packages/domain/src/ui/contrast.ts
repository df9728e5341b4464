/**
 * Text contrast by WCAG 2.x (relative luminance, ratio (L1 + 0.05) / (L2 + 0.05)). Brand colours come from a row
 * per brand; the colours written on them are derived here so every brand reaches 4.5:1 for normal text, the
 * level axe's `color-contrast` rule checks. White on the default green (#16a34a) is 3.3:1; dark text is 6.4:1.
 */

/** The colour of text on a brand colour when white would be too faint: the app's page background. */
export const TEXT_DARK = '#0b0f14';
export const TEXT_LIGHT = '#ffffff';
/** WCAG AA for normal-size text. */
export const CONTRAST_MIN = 4.5;

function channelsOf(hex: string): [number, number, number] {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match) throw new RangeError(`expected a #rrggbb colour, got ${hex}`);
  const value = Number.parseInt(match[1]!, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function hexOf(channels: readonly number[]): string {
  return `#${channels.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance of a #rrggbb colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channelsOf(hex).map((channel) => {
    const s = channel / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio of two colours, 1 to 21, whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/**
 * Text on a filled background: white when it reaches 4.5:1, else the dark page colour, else black for the few
 * mid greys where only pure black does (white or black always reaches 4.58:1).
 */
export function textColourOn(background: string): string {
  if (contrastRatio(TEXT_LIGHT, background) >= CONTRAST_MIN) return TEXT_LIGHT;
  return contrastRatio(TEXT_DARK, background) >= CONTRAST_MIN ? TEXT_DARK : '#000000';
}

/**
 * The app's dark backgrounds (global.css `--bg`, `--surface`, `--surface-2`): brand-coloured text (a link in the
 * consent sheet, a selected tab, a card's figure) sits on any of them, and the lightest is where it reads least.
 */
export const DARK_SURFACES: readonly string[] = [TEXT_DARK, '#131a22', '#1b2430'];

/**
 * A colour used as text on the dark page and its surfaces (a selected tab, a link): the colour itself when it reaches
 * 4.5:1 on every one of `surfaces`, else mixed towards white in small steps until it does, so it still reads as the
 * brand. (Checked on the page alone, a deep blue such as Eagle Bet's passed there and failed on a sheet.)
 */
export function textColourOnPage(colour: string, surfaces: readonly string[] = DARK_SURFACES): string {
  const channels = channelsOf(colour);
  for (let step = 0; step <= 20; step += 1) {
    const mixed = hexOf(channels.map((channel) => channel + ((255 - channel) * step) / 20));
    if (surfaces.every((surface) => contrastRatio(mixed, surface) >= CONTRAST_MIN)) return mixed;
  }
  return TEXT_LIGHT;
}
