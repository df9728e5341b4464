import { describe, expect, it } from 'vitest';
import { uiV3Decide, type UiVersionInputs } from './ui-version.ts';

const base: UiVersionInputs = { urlFlag: false, choice: undefined, shell: 'browser', abArm: undefined, brandFlag: false };

describe('uiV3Decide', () => {
  it('is off in a plain browser with nothing set', () => {
    expect(uiV3Decide(base)).toBe(false);
  });

  it.each([
    ['the URL flag', { urlFlag: true }],
    ['the mini app', { shell: 'telegram' as const }],
    ['the native shell', { shell: 'native' as const }],
    ['the A/B arm', { abArm: true }],
    ['the brand flag', { brandFlag: true }],
    ['the player switching it on', { choice: true }],
  ])('is turned on by %s', (_, change) => {
    expect(uiV3Decide({ ...base, ...change })).toBe(true);
  });

  it('keeps the player’s "off" over the shell, the A/B arm and the brand flag', () => {
    expect(uiV3Decide({ ...base, choice: false, shell: 'native', abArm: true, brandFlag: true })).toBe(false);
  });

  it('lets a URL flag turn it on even after the player switched it off', () => {
    expect(uiV3Decide({ ...base, choice: false, urlFlag: true })).toBe(true);
  });
});
