/**
 * Every interval, delay and duration of spec §9, in one table. The web app and the server read these;
 * nothing else in the code base writes a timer literal.
 */
export const TIMERS = {
  balanceRefreshMs: 10_000,
  balanceSpinnerMinMs: 1_000,
  topBarPollMs: 15_000,
  globalStatusPollMs: 10_000,
  bonusPollMs: 10_000,
  bonusPollMax: 10,
  heartbeatMs: 60_000,
  heartbeatIdleCutoffMs: 600_000,
  chatRetryDelayMs: 2_000,
  chatRetryMax: 10,
  pushRetryMs: 2_500,
  pushRetryMax: 10,
  serviceWorkerWaitMs: 1_000,
  serviceWorkerWaitTries: 10,
  oddsChangeHighlightMs: 2_000,
  smidFallbackMs: 7_000,
  loadingOverlayTimeoutMs: 5_000,
  webviewLoadingCloseMs: 8_000,
  preloadAfterMs: 20_000,
  tabListExpandMs: 2_000,
  carouselMs: 5_000,
  paymentPollMs: 10_000,
  logRetryMs: 3_000,
  logRetryMax: 10_000,
  latestOddsPollMs: 2_000,
  matchListPollMs: 5_000,
  dynconfigRetryMs: 5_000,
  httpTimeoutMs: 10_000,
  httpRetries: 3,
  httpRetryBaseMs: 1_000,
} as const;

export const DURATIONS = {
  notificationBarMuteMs: 259_200_000,
  popupCacheMs: 86_400_000,
  closeSuppressionMs: 86_400_000,
  externalIdCookieDays: 365,
  pushMessageIdCacheMax: 10,
  idempotencyKeyTtlMs: 86_400_000,
} as const;

export const LIMITS = {
  betSlipMax: 10,
  matchListCap: 50,
  pageLimit: 10,
  firstFetchSize: 5,
  rankingFull: 50,
  requestParamPMaxLength: 100,
} as const;
