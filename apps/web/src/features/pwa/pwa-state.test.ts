import { DURATIONS } from '@piranha/domain';
import { describe, expect, it } from 'vitest';
import { dismissKeepsShowing, installBarShown, isIosSafari } from './pwa-state.ts';

const base = { awardStatus: 1, standalone: false, installed: false, closedAt: undefined, now: 1_000_000_000, canPrompt: true, iosSafari: false };

describe('installBarShown (spec §4)', () => {
  it('shows only while the award check says award_status 1', () => {
    expect(installBarShown(base)).toBe(true);
    expect(installBarShown({ ...base, awardStatus: 0 })).toBe(false);
    expect(installBarShown({ ...base, awardStatus: 2 })).toBe(false);
    expect(installBarShown({ ...base, awardStatus: undefined })).toBe(false);
  });

  it('hides for 24 h after closing, then shows again', () => {
    expect(installBarShown({ ...base, closedAt: base.now - 1 })).toBe(false);
    expect(installBarShown({ ...base, closedAt: base.now - DURATIONS.closeSuppressionMs + 1 })).toBe(false);
    expect(installBarShown({ ...base, closedAt: base.now - DURATIONS.closeSuppressionMs })).toBe(true);
  });

  it('never shows in the installed app, once accepted, or with no way to install', () => {
    expect(installBarShown({ ...base, standalone: true })).toBe(false);
    expect(installBarShown({ ...base, installed: true })).toBe(false);
    expect(installBarShown({ ...base, canPrompt: false })).toBe(false);
    expect(installBarShown({ ...base, canPrompt: false, iosSafari: true })).toBe(true);
  });

  it('keeps showing after a dismissal on the login or game page only', () => {
    expect(dismissKeepsShowing('/loginb')).toBe(true);
    expect(dismissKeepsShowing('/login')).toBe(true);
    expect(dismissKeepsShowing('/game')).toBe(true);
    expect(dismissKeepsShowing('/sport')).toBe(false);
  });
});

describe('isIosSafari', () => {
  it('tells Safari on iPhone and iPad from other iOS browsers and desktops', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    expect(isIosSafari(iphone, 5)).toBe(true);
    expect(isIosSafari(iphone.replace('Version/18.0', 'CriOS/130.0'), 5)).toBe(false);
    const ipad = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
    expect(isIosSafari(ipad, 5)).toBe(true);
    expect(isIosSafari(ipad, 0)).toBe(false);
    expect(isIosSafari('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36', 0)).toBe(false);
  });
});
