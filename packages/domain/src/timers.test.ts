import { describe, expect, it } from 'vitest';
import { DURATIONS, LIMITS, TIMERS } from './timers.ts';

const SECOND = 1_000;
const MINUTE = 60 * SECOND;

/**
 * Written from the spec text, not from timers.ts, so a changed number fails here.
 * Spec §9 "Timers" unless noted: §7 for polls and the HTTP client, §8 for retries.
 */
const EXPECTED_TIMERS = {
  balanceRefreshMs: 10 * SECOND, // balance refresh 10 s
  balanceSpinnerMinMs: 1 * SECOND, // (min spinner 1 s)
  topBarPollMs: 15 * SECOND, // top-bar poll 15 s
  globalStatusPollMs: 10 * SECOND, // global status 10 s
  bonusPollMs: 10 * SECOND, // bonus poll 10 s
  bonusPollMax: 10, // max 10
  heartbeatMs: 60 * SECOND, // heartbeat 60 s
  heartbeatIdleCutoffMs: 10 * MINUTE, // idle cutoff 10 min
  chatRetryDelayMs: 2 * SECOND, // chat retry delay 2 s
  chatRetryMax: 10, // max 10
  pushRetryMs: 2.5 * SECOND, // push retry 2.5 s
  pushRetryMax: 10, // max 10
  serviceWorkerWaitMs: 1 * SECOND, // service worker wait 10 tries at 1 s
  serviceWorkerWaitTries: 10,
  oddsChangeHighlightMs: 2 * SECOND, // odds change highlight 2 s
  smidFallbackMs: 7 * SECOND, // smid fallback after 7 s
  loadingOverlayTimeoutMs: 5 * SECOND, // loading overlay default timeout 5 s
  webviewLoadingCloseMs: 8 * SECOND, // webview loading closed after 8 s
  preloadAfterMs: 20 * SECOND, // preload after 20 s
  tabListExpandMs: 2 * SECOND, // tab list expands after 2 s
  carouselMs: 5 * SECOND, // carousel 5 s
  paymentPollMs: 10 * SECOND, // payment poll 10 s
  logRetryMs: 3 * SECOND, // log retry 3 s
  logRetryMax: 10_000, // §8: "Retry every 3 s, up to 10000 times"
  latestOddsPollMs: 2 * SECOND, // §7: latest odds every 2 s
  matchListPollMs: 5 * SECOND, // §7: incremental match list every 5 s
  dynconfigRetryMs: 5 * SECOND, // §8: failed dynconfig load, retry every 5 s
  httpTimeoutMs: 10 * SECOND, // §9 Durations / §7: HTTP timeout 10 s
  httpRetries: 3, // 3 retries
  httpRetryBaseMs: 1 * SECOND, // §7: growing delay starting at 1 s
};

const EXPECTED_DURATIONS = {
  notificationBarMuteMs: 259_200_000, // notification bar mute 259200000 ms (3 days)
  popupCacheMs: 86_400_000, // popup cache 24 h (86400000 ms)
  closeSuppressionMs: 86_400_000, // top-bar/popup close suppression 24 h
  externalIdCookieDays: 365, // external id cookie 365 days
  pushMessageIdCacheMax: 10, // push message id cache keeps at most 10
  idempotencyKeyTtlMs: 86_400_000, // architecture.md: "the server stores key → response for 24 h"
};

const EXPECTED_LIMITS = {
  betSlipMax: 10, // bet slip max 10
  matchListCap: 50, // match list cap 50 records
  pageLimit: 10, // page_limit 10
  firstFetchSize: 5, // first fetch size 5
  rankingFull: 50, // ranking full at 50
  requestParamPMaxLength: 100, // §5: parameter p is dropped if longer than 100 characters
};

describe('timers and limits (spec §9)', () => {
  it('TIMERS holds exactly the spec intervals', () => {
    expect(TIMERS).toEqual(EXPECTED_TIMERS);
  });

  it('DURATIONS holds exactly the spec durations', () => {
    expect(DURATIONS).toEqual(EXPECTED_DURATIONS);
  });

  it('LIMITS holds exactly the spec limits', () => {
    expect(LIMITS).toEqual(EXPECTED_LIMITS);
  });

  it('the notification mute is 3 days and the popup cache 24 h', () => {
    expect(DURATIONS.notificationBarMuteMs).toBe(3 * 24 * 60 * MINUTE);
    expect(DURATIONS.popupCacheMs).toBe(24 * 60 * MINUTE);
  });
});
