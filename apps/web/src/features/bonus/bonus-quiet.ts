// Apart from bonus-model.ts: the pop-up list on every first route needs only this rule (architecture.md budget).

/** Bonus pop-ups stay out of these paths (spec §4): game room, deposit, withdraw, activity, thin, VIP club, tasks. */
export const BONUS_QUIET_PREFIXES = [
  '/game-room',
  '/deposit',
  '/wallet/deposit',
  '/withdraw',
  '/wallet/withdraw',
  '/activity',
  '/thin',
  '/vip-club',
  '/task',
] as const;

export function bonusPopupQuiet(pathname: string): boolean {
  return BONUS_QUIET_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`) || pathname.startsWith(`${prefix}-`));
}
