/**
 * The error catalogue (spec §8 plus ours). `dm_error` values are stable: clients branch on them.
 * Each code has a message key; its texts in all eight locales live in `error-messages.ts`.
 */
export const ERRORS = {
  OK: { code: 0, key: 'ok' },
  FORBIDDEN: { code: 403, key: 'forbidden' },
  SESSION_EXPIRED: { code: 604, key: 'sessionExpired' },
  EMAIL_CODE_INVALID_NEW: { code: 100010, key: 'codeLoginErrorNew' },
  EMAIL_CODE_INVALID: { code: 100011, key: 'codeLoginError' },
  VALIDATION_FAILED: { code: 1001, key: 'validationFailed' },
  UNAUTHORISED: { code: 1002, key: 'unauthorised' },
  NOT_FOUND: { code: 1004, key: 'notFound' },
  DUPLICATE_REQUEST: { code: 1009, key: 'duplicateRequest' },
  REQUEST_IN_PROGRESS: { code: 1010, key: 'requestInProgress' },
  RATE_LIMITED: { code: 1029, key: 'rateLimited' },
  /** The server has just started and is not answering the API yet (HTTP 503): try again in a moment. */
  SERVER_STARTING: { code: 1503, key: 'serverStarting' },
  REAUTH_REQUIRED: { code: 1031, key: 'reauthRequired' },
  INSUFFICIENT_FUNDS: { code: 2001, key: 'insufficientFunds' },
  LIMIT_EXCEEDED: { code: 2002, key: 'limitExceeded' },
  ODDS_CHANGED: { code: 3001, key: 'oddsChanged' },
  MARKET_SUSPENDED: { code: 3002, key: 'marketSuspended' },
  WRONG_CREDENTIALS: { code: 4001, key: 'wrongCredentials' },
  ACCOUNT_LOCKED: { code: 4002, key: 'accountLocked' },
  TOO_MANY_ATTEMPTS: { code: 4003, key: 'tooManyAttempts' },
  CODE_COOLDOWN: { code: 4004, key: 'codeCooldown' },
  ACCOUNT_CLOSED: { code: 4005, key: 'accountClosed' },
  EMAIL_TAKEN: { code: 4006, key: 'emailTaken' },
  ACCOUNT_ALREADY_BOUND: { code: 4007, key: 'accountAlreadyBound' },
  BIND_REQUEST_INVALID: { code: 4008, key: 'bindRequestInvalid' },
  SOCIAL_LOGIN_UNAVAILABLE: { code: 4009, key: 'socialLoginUnavailable' },
  SOCIAL_TOKEN_INVALID: { code: 4010, key: 'socialTokenInvalid' },
  SOCIAL_ALREADY_BOUND: { code: 4011, key: 'socialAlreadyBound' },
  SMS_UNAVAILABLE: { code: 4012, key: 'smsUnavailable' },
  // accounts (session 2)
  TELEGRAM_UNAVAILABLE: { code: 4013, key: 'telegramUnavailable' },
  TELEGRAM_INIT_DATA_INVALID: { code: 4014, key: 'telegramInitDataInvalid' },
  // casino
  CASINO_GAME_UNKNOWN: { code: 7001, key: 'casinoGameUnknown' },
  CASINO_BET_OUT_OF_LIMITS: { code: 7002, key: 'casinoBetOutOfLimits' },
  CASINO_TOKEN_INVALID: { code: 7003, key: 'casinoTokenInvalid' },
  CASINO_ROUND_NOT_FOUND: { code: 7004, key: 'casinoRoundNotFound' },
  CASINO_ROUND_CLOSED: { code: 7005, key: 'casinoRoundClosed' },
  CASINO_ROUND_OPEN: { code: 7006, key: 'casinoRoundOpen' },
  CASINO_WALLET_REFUSED: { code: 7007, key: 'casinoWalletRefused' },
  CASINO_PROVIDER_UNAVAILABLE: { code: 7008, key: 'casinoProviderUnavailable' },
  CASINO_FREE_ROUNDS_NONE: { code: 7009, key: 'casinoFreeRoundsNone' },
  CASINO_PARAMS_INVALID: { code: 7010, key: 'casinoParamsInvalid' },
  // A retried round whose first attempt died before the stake was taken: the round was cancelled (decision 016).
  CASINO_ROUND_VOID: { code: 7011, key: 'casinoRoundVoid' },
  // payments
  PAYMENT_CHANNEL_UNKNOWN: { code: 5001, key: 'paymentChannelUnknown' },
  PAYMENT_AMOUNT_BELOW_MIN: { code: 5002, key: 'paymentAmountBelowMin' },
  PAYMENT_AMOUNT_ABOVE_MAX: { code: 5003, key: 'paymentAmountAboveMax' },
  PAYMENT_DAILY_LIMIT: { code: 5004, key: 'paymentDailyLimit' },
  PAYMENT_CURRENCY_MISMATCH: { code: 5005, key: 'paymentCurrencyMismatch' },
  PAYMENT_ACCOUNT_INVALID: { code: 5006, key: 'paymentAccountInvalid' },
  PAYMENT_ACCOUNT_MISSING: { code: 5007, key: 'paymentAccountMissing' },
  PAYMENT_ORDER_CLOSED: { code: 5008, key: 'paymentOrderClosed' },
  WITHDRAWABLE_EXCEEDED: { code: 5009, key: 'withdrawableExceeded' },
  PAYIN_CODE_INVALID: { code: 5010, key: 'payinCodeInvalid' },
  APPEAL_EXISTS: { code: 5011, key: 'appealExists' },
  WEBHOOK_REJECTED: { code: 5012, key: 'webhookRejected' },
  PAYMENT_PROVIDER_UNAVAILABLE: { code: 5013, key: 'paymentProviderUnavailable' },
  /** A guest (tourist) account asked for a payout: its only key is a device, so it must save an e-mail first. */
  TOURIST_PAYOUT_REFUSED: { code: 5014, key: 'touristPayoutRefused' },
  // end payments
  // betting
  MARKET_CLOSED: { code: 6001, key: 'marketClosed' },
  STAKE_BELOW_MIN: { code: 6002, key: 'stakeBelowMin' },
  STAKE_ABOVE_MAX: { code: 6003, key: 'stakeAboveMax' },
  PAYOUT_ABOVE_MAX: { code: 6004, key: 'payoutAboveMax' },
  BET_SAME_MATCH: { code: 6005, key: 'betSameMatch' },
  /** Two legs whose matches share a team (issue 15): one team's results are not independent events. */
  BET_SAME_TEAM: { code: 6016, key: 'betSameTeam' },
  BET_TOO_MANY_LEGS: { code: 6006, key: 'betTooManyLegs' },
  BET_SERIES_INVALID: { code: 6007, key: 'betSeriesInvalid' },
  BET_NOT_FOUND: { code: 6008, key: 'betNotFound' },
  CASH_OUT_UNAVAILABLE: { code: 6009, key: 'cashOutUnavailable' },
  CASH_OUT_VALUE_CHANGED: { code: 6010, key: 'cashOutValueChanged' },
  CASH_OUT_STAKE_INVALID: { code: 6011, key: 'cashOutStakeInvalid' },
  FREE_BET_INSUFFICIENT: { code: 6012, key: 'freeBetInsufficient' },
  // betting: corrected results (resettlement), answered to the operator endpoint POST /api/ops/feed/result
  RESULT_NOT_FOUND: { code: 6013, key: 'resultNotFound' },
  RESULT_REVISION_INVALID: { code: 6014, key: 'resultRevisionInvalid' },
  RESULT_SCORES_INCONSISTENT: { code: 6015, key: 'resultScoresInconsistent' },
  // end corrected results
  // jobs and nodes (issue 16): a correction sent to a node that only follows the stored feed
  FEED_NOT_LEADER: { code: 8100, key: 'feedNotLeader' },
  // end betting
  INTERNAL: { code: 500, key: 'internal' },
  // bonus engine (issue 17, decision 018)
  BONUS_NOT_FOUND: { code: 8001, key: 'bonusNotFound' },
  BONUS_NOT_AVAILABLE: { code: 8002, key: 'bonusNotAvailable' },
  BONUS_ANOTHER_UNLOCKING: { code: 8003, key: 'bonusAnotherUnlocking' },
  BONUS_STAKE_ABOVE_MAX: { code: 8004, key: 'bonusStakeAboveMax' },
  BONUS_FORBIDDEN_HERE: { code: 8005, key: 'bonusForbiddenHere' },
  BONUS_ALREADY_CLAIMED: { code: 8006, key: 'bonusAlreadyClaimed' },
  PROMO_CODE_INVALID: { code: 8007, key: 'promoCodeInvalid' },
  PROMO_CODE_USED: { code: 8008, key: 'promoCodeUsed' },
  BONUS_FORFEIT_UNCONFIRMED: { code: 8009, key: 'bonusForfeitUnconfirmed' },
  BONUS_CAMPAIGN_EXISTS: { code: 8010, key: 'bonusCampaignExists' },
  // message centre and top bar (issue 21, decision 028)
  MESSAGE_NOT_FOUND: { code: 8300, key: 'messageNotFound' },
  TOP_BAR_CLOSE_NOT_ALLOWED: { code: 8301, key: 'topBarCloseNotAllowed' },
  // help centre (issue 21, decision 038)
  HELP_ITEM_NOT_FOUND: { code: 8500, key: 'helpItemNotFound' },
  FEEDBACK_RATE_LIMITED: { code: 8501, key: 'feedbackRateLimited' },
  // web push (issue 21, decision 035): the six texts of spec §8 (8302–8307, the web app shows them too) and the server's own
  PUSH_INIT_FAILED: { code: 8302, key: 'pushInitFailed' },
  PUSH_TOKEN_EMPTY: { code: 8303, key: 'pushTokenEmpty' },
  PUSH_SUBSCRIBE_FAILED: { code: 8304, key: 'pushSubscribeFailed' },
  PUSH_PERMISSION_APPLY_FAILED: { code: 8305, key: 'pushPermissionApplyFailed' },
  PUSH_PERMISSION_DENIED: { code: 8306, key: 'pushPermissionDenied' },
  PUSH_PERMISSION_CANCELLED: { code: 8307, key: 'pushPermissionCancelled' },
  PUSH_SUBSCRIPTION_INVALID: { code: 8308, key: 'pushSubscriptionInvalid' },
  PUSH_SERVICE_UNSUPPORTED: { code: 8309, key: 'pushServiceUnsupported' },
  // native shells' push tokens (decision 073): FCM for the Android shell, APNs for the iOS shell
  PUSH_FCM_TOKEN_INVALID: { code: 8182, key: 'pushFcmTokenInvalid' },
  PUSH_APNS_TOKEN_INVALID: { code: 8183, key: 'pushApnsTokenInvalid' },
  PUSH_APNS_TOPIC_INVALID: { code: 8184, key: 'pushApnsTopicInvalid' },
  PUSH_NATIVE_UNAVAILABLE: { code: 8185, key: 'pushNativeUnavailable' },
  PUSH_TYPE_PLATFORM_MISMATCH: { code: 8186, key: 'pushTypePlatformMismatch' },
  // real-time socket (issue 21, decision 036): the signed URL was forged, altered or is past its expiry
  REALTIME_TICKET_INVALID: { code: 8320, key: 'realtimeTicketInvalid' },
  REALTIME_TICKET_EXPIRED: { code: 8321, key: 'realtimeTicketExpired' },
  // decision 041: a ticket opens one socket, once; no socket (and no ticket) during a time-out or self-exclusion
  REALTIME_TICKET_USED: { code: 8322, key: 'realtimeTicketUsed' },
  REALTIME_PAUSED: { code: 8323, key: 'realtimePaused' },
  BONUS_IP_LIMIT: { code: 8011, key: 'bonusIpLimit' },
  // booster cards (issue 17, decision 044)
  BOOSTER_NOT_FOUND: { code: 8030, key: 'boosterNotFound' },
  BOOSTER_NOT_READY: { code: 8031, key: 'boosterNotReady' },
  BOOSTER_ANOTHER_ACTIVE: { code: 8032, key: 'boosterAnotherActive' },
  // loyalty: VIP club and task centre (issue 18, decision 026)
  VIP_REWARD_NOT_REACHED: { code: 8200, key: 'vipRewardNotReached' },
  VIP_REWARD_RECEIVED: { code: 8201, key: 'vipRewardReceived' },
  LOYALTY_REWARD_UNAVAILABLE: { code: 8202, key: 'loyaltyRewardUnavailable' },
  TASK_NOT_FOUND: { code: 8203, key: 'taskNotFound' },
  TASK_NOT_COMPLETE: { code: 8204, key: 'taskNotComplete' },
  TASK_CLAIMED: { code: 8205, key: 'taskClaimed' },
  VIP_SPIN_NO_TICKET: { code: 8206, key: 'vipSpinNoTicket' },
  // loyalty, third round (decision 034)
  VIP_FREE_NOT_REACHED: { code: 8207, key: 'vipFreeNotReached' },
  VIP_FREE_RECEIVED: { code: 8208, key: 'vipFreeReceived' },
  // loyalty, fourth round (decision 045)
  RAFFLE_NOT_FOUND: { code: 8209, key: 'raffleNotFound' },
  LOYALTY_CONFIG_INVALID: { code: 8210, key: 'loyaltyConfigInvalid' },
  // end loyalty
  // safer play (issue 20, decision 027): data.field names the period, data.reset_at when the window ends
  SAFER_DEPOSIT_LIMIT: { code: 8250, key: 'saferDepositLimit' },
  SAFER_LOSS_LIMIT: { code: 8251, key: 'saferLossLimit' },
  SAFER_WAGER_LIMIT: { code: 8252, key: 'saferWagerLimit' },
  SAFER_TIMED_OUT: { code: 8253, key: 'saferTimedOut' },
  SAFER_SELF_EXCLUDED: { code: 8254, key: 'saferSelfExcluded' },
  SAFER_BLOCK_SHORTER: { code: 8255, key: 'saferBlockShorter' },
  SAFER_PAYMENT_FORBIDDEN: { code: 8256, key: 'saferPaymentForbidden' },
  SAFER_SIGNUP_LIMIT_REQUIRED: { code: 8257, key: 'saferSignupLimitRequired' },
  // identity checks (issue 20, decision 037): data.field names the input or 'kyc', data.issue the state or reason
  KYC_REQUIRED: { code: 8258, key: 'kycRequired' },
  KYC_FILE_INVALID: { code: 8259, key: 'kycFileInvalid' },
  KYC_DOCUMENT_INVALID: { code: 8260, key: 'kycDocumentInvalid' },
  KYC_IN_PROGRESS: { code: 8261, key: 'kycInProgress' },
  KYC_CPF_MISMATCH: { code: 8262, key: 'kycCpfMismatch' },
  // the market's legal minimum stake (Kenya KES 20); data.issue min_<minor units>
  SAFER_STAKE_BELOW_MIN: { code: 8263, key: 'saferStakeBelowMin' },
  // a closed market (India, Vietnam; decision 049): data.field 'market', data.issue the jurisdiction
  JURISDICTION_CLOSED: { code: 8264, key: 'jurisdictionClosed' },
  // the daily play-time limit (issue 20, decision 054): data.field 'day', data.reset_at when the day ends
  SAFER_TIME_LIMIT: { code: 8310, key: 'saferTimeLimit' },
  SAFER_TIME_LIMIT_INVALID: { code: 8311, key: 'saferTimeLimitInvalid' },
  // limits per currency (issue 20, decision 065): money of a kind in a currency with no limit of that kind while one is
  // kept in another currency; data.field 'currency', data.issue '<kind>_limit_in_<currency>'
  SAFER_LIMIT_CURRENCY: { code: 8312, key: 'saferLimitCurrency' },
  // a limit's currency not among the brand's (or named for a play-time limit); data.issue not_offered or time_not_money
  SAFER_LIMIT_CURRENCY_INVALID: { code: 8313, key: 'saferLimitCurrencyInvalid' },
  // tracking, experiments and the domain change (issue 25, decision 033)
  HANDOFF_INVALID: { code: 8350, key: 'handoffInvalid' },
  HANDOFF_TARGET_NOT_ALLOWED: { code: 8351, key: 'handoffTargetNotAllowed' },
  // end tracking
  // a mandatory limit not in force on a brand whose law asks one (issue 20, decision 057): no pay-in, bet or play until
  // it is set; data.field 'safer_limit.kind', data.issue the missing kind (Brazil: 'loss')
  SAFER_LIMIT_REQUIRED: { code: 8352, key: 'saferLimitRequired' },
  // installable web app (issue 22, decision 053): data.field names the parameter
  PWA_APP_GROUP_MISMATCH: { code: 8550, key: 'pwaAppGroupMismatch' },
  PWA_HOST_MISMATCH: { code: 8551, key: 'pwaHostMismatch' },
  PWA_AWARD_UNAVAILABLE: { code: 8552, key: 'pwaAwardUnavailable' },
  PWA_NOT_INSTALLED: { code: 8553, key: 'pwaNotInstalled' },
  // partner bridge (issue 22, decision 064): data.field names the input or 'brand'
  BRG_NOT_PARTNER_BRAND: { code: 8121, key: 'brgNotPartnerBrand' },
  BRG_ORIGIN_INVALID: { code: 8122, key: 'brgOriginInvalid' },
  // activities (issue 19, decision 031)
  ACTIVITY_NOT_FOUND: { code: 8400, key: 'activityNotFound' },
  ACTIVITY_NOT_STARTED: { code: 8401, key: 'activityNotStarted' },
  ACTIVITY_EXPIRED: { code: 8402, key: 'activityExpired' },
  ACTIVITY_TIER_NOT_REACHED: { code: 8403, key: 'activityTierNotReached' },
  ACTIVITY_CLAIMED: { code: 8404, key: 'activityClaimed' },
  ACTIVITY_REWARD_UNAVAILABLE: { code: 8405, key: 'activityRewardUnavailable' },
  // end activities
  // invites (issue 19, decision 051)
  INVITE_CODE_INVALID: { code: 8406, key: 'inviteCodeInvalid' },
  INVITE_SELF: { code: 8407, key: 'inviteSelf' },
  INVITE_SAME_DEVICE: { code: 8408, key: 'inviteSameDevice' },
  INVITE_SAME_PAYMENT_ACCOUNT: { code: 8409, key: 'inviteSamePaymentAccount' },
  INVITE_SAME_NETWORK: { code: 8410, key: 'inviteSameNetwork' },
  INVITE_ALREADY_BOUND: { code: 8411, key: 'inviteAlreadyBound' },
  INVITE_TOO_LATE: { code: 8412, key: 'inviteTooLate' },
  // end invites
  // agent programme and money rain (issue 19, decision 052)
  AGENT_NOT_OFFERED: { code: 8420, key: 'agentNotOffered' },
  AGENT_NOT_AGENT: { code: 8421, key: 'agentNotAgent' },
  AGENT_CODE_INVALID: { code: 8422, key: 'agentCodeInvalid' },
  AGENT_SELF_BIND: { code: 8423, key: 'agentSelfBind' },
  AGENT_ALREADY_BOUND: { code: 8424, key: 'agentAlreadyBound' },
  AGENT_NOTHING_TO_TRANSFER: { code: 8425, key: 'agentNothingToTransfer' },
  RAIN_NOT_FOUND: { code: 8430, key: 'rainNotFound' },
  RAIN_NOT_OPEN: { code: 8431, key: 'rainNotOpen' },
  RAIN_GRABBED: { code: 8432, key: 'rainGrabbed' },
  RAIN_BUDGET_SPENT: { code: 8433, key: 'rainBudgetSpent' },
  RAIN_UNAVAILABLE: { code: 8434, key: 'rainUnavailable' },
  // end agent
  // share-to-cash-out envelopes (issue 19, decision 063)
  PDD_NOT_OFFERED: { code: 8101, key: 'pddNotOffered' },
  PDD_ALREADY_OPEN: { code: 8102, key: 'pddAlreadyOpen' },
  PDD_CODE_INVALID: { code: 8103, key: 'pddCodeInvalid' },
  PDD_SELF_VISIT: { code: 8104, key: 'pddSelfVisit' },
  PDD_DEVICE_REQUIRED: { code: 8105, key: 'pddDeviceRequired' },
  // end pdd
  // agent settlement re-run by an operator (decision 067)
  AGENT_DAY_OPEN: { code: 8141, key: 'agentDayOpen' },
  // crash with a live climb (issue 23, decision 071)
  CRASH_LIVE_NO_ROUND: { code: 8166, key: 'crashLiveNoRound' },
  CRASH_LIVE_ALREADY_BET: { code: 8167, key: 'crashLiveAlreadyBet' },
  CRASH_LIVE_NOT_FLYING: { code: 8168, key: 'crashLiveNotFlying' },
  CRASH_LIVE_CRASHED: { code: 8169, key: 'crashLiveCrashed' },
  CRASH_LIVE_NO_BET: { code: 8170, key: 'crashLiveNoBet' },
  CRASH_LIVE_CASHED: { code: 8171, key: 'crashLiveCashed' },
  // blackjack (decision 068): a step the hand does not allow now; a step while the previous one still settles
  BLACKJACK_ACTION_ILLEGAL: { code: 8142, key: 'blackjackActionIllegal' },
  BLACKJACK_ROUND_BUSY: { code: 8143, key: 'blackjackRoundBusy' },
  // sign-up (issue 15, decision 032): the age and the terms the player accepted, data.field names which
  TERMS_NOT_ACCEPTED: { code: 8700, key: 'termsNotAccepted' },
  AGE_NOT_CONFIRMED: { code: 8701, key: 'ageNotConfirmed' },
  // video poker and hilo moves (decision 069)
  CASINO_ACTION_INVALID: { code: 8150, key: 'casinoActionInvalid' },
  VPOKER_HOLDS_REQUIRED: { code: 8151, key: 'vpokerHoldsRequired' },
  HILO_GUESS_FIRST: { code: 8152, key: 'hiloGuessFirst' },
  HILO_SKIPS_USED: { code: 8153, key: 'hiloSkipsUsed' },
  // end video poker and hilo
} as const;

export type ErrorName = keyof typeof ERRORS;
export type ErrorKey = (typeof ERRORS)[ErrorName]['key'];

const BY_CODE = new Map<number, ErrorName>(Object.entries(ERRORS).map(([name, error]) => [error.code, name as ErrorName]));

export function errorNameByCode(code: number): ErrorName | undefined {
  return BY_CODE.get(code);
}

/** The `data` an error envelope may carry: the field that failed, or the trace id of an internal failure. */
export interface ErrorData {
  field?: string;
  issue?: string;
  trace_id?: string;
  /** Seconds until a lockout or cooldown ends. */
  retry_after_s?: number;
  /** Unix seconds when a safer-play limit resets or a time-out / self-exclusion ends (0: never). */
  reset_at?: number;
}
