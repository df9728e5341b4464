/** What bonus tests share. */

/**
 * Terms of a redeem-code campaign with nothing to wager: a code redeemed from it starts and converts to cash at once,
 * so a test can redeem as many as it likes without one unlocking bonus blocking the next.
 */
export const NO_WAGERING_TERMS = {
  purpose: 'loyalty',
  amount_minor: 1_000,
  wagering: { multiplier: 0, base: 'bonus' },
  weights: { sports_odds_min: 1500, table_bp: 1000, crash_bp: 500, dice_bp: 500 },
  lifetime_days: 7,
} as const;
