import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VARIANT_PROFILES } from '../variants/profiles.ts';
import { CONTRAST_MIN, contrastRatio, DARK_SURFACES, relativeLuminance, TEXT_DARK, textColourOn, textColourOnPage } from './contrast.ts';

const hexColour = fc.integer({ min: 0, max: 0xffffff }).map((value) => `#${value.toString(16).padStart(6, '0')}`);

describe('contrast', () => {
  // Reference values from the WCAG definition: black on white is 21:1, a colour on itself 1:1.
  it('computes the WCAG ratio', () => {
    expect(relativeLuminance('#ffffff')).toBe(1);
    expect(relativeLuminance('#000000')).toBe(0);
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#16a34a', '#16a34a')).toBe(1);
    // Issue 15: white on the default green is 3.3:1, under the 4.5:1 normal text needs.
    expect(contrastRatio('#ffffff', '#16a34a')).toBeCloseTo(3.3, 1);
  });

  it('writes dark text on the default green and white on a deep blue', () => {
    expect(textColourOn('#16a34a')).toBe(TEXT_DARK);
    expect(textColourOn('#1d4ed8')).toBe('#ffffff');
  });

  it('always finds text of at least 4.5:1 on any background', () => {
    fc.assert(fc.property(hexColour, (background) => contrastRatio(textColourOn(background), background) >= CONTRAST_MIN));
  });

  it('always finds a brand text colour of at least 4.5:1 on the dark page and on every surface', () => {
    fc.assert(fc.property(hexColour, (colour) => DARK_SURFACES.every((surface) => contrastRatio(textColourOnPage(colour), surface) >= CONTRAST_MIN)));
    expect(textColourOnPage('#4ade80')).toBe('#4ade80');
    // Eagle Bet's deep blue: mixed until it reads on the lightest surface (#1b2430), not only on the page.
    expect(contrastRatio(textColourOnPage('#1e3a8a'), '#1b2430')).toBeGreaterThanOrEqual(CONTRAST_MIN);
  });

  it('gives every brand readable text on its buttons and its brand text on the page', () => {
    for (const profile of VARIANT_PROFILES) {
      expect(contrastRatio(profile.colours.onBrand, profile.colours.brand), profile.appKey).toBeGreaterThanOrEqual(CONTRAST_MIN);
      expect(contrastRatio(profile.colours.onAccent, profile.colours.accent), profile.appKey).toBeGreaterThanOrEqual(CONTRAST_MIN);
      for (const surface of DARK_SURFACES) {
        expect(contrastRatio(profile.colours.brandText, surface), `${profile.appKey} on ${surface}`).toBeGreaterThanOrEqual(CONTRAST_MIN);
        expect(contrastRatio(profile.colours.accentText, surface), `${profile.appKey} on ${surface}`).toBeGreaterThanOrEqual(CONTRAST_MIN);
      }
    }
  });
});
