/**
 * Bonus status (spec §4): 0 locked → 1 unlocking (wagering in progress) → 2 unlocked (converted to cash) →
 * 3 expired (forfeited). Locked means granted but waiting for the player (or a deposit) to start it.
 */
export const BONUS_STATUS = { locked: 0, unlocking: 1, unlocked: 2, expired: 3 } as const;
export type BonusStatus = (typeof BONUS_STATUS)[keyof typeof BONUS_STATUS];

export type BonusEvent = { kind: 'start' } | { kind: 'wagered'; wageredMinor: number; requirementMinor: number } | { kind: 'expire' } | { kind: 'forfeit' };

/** The next status, or undefined when the event does not apply (a finished bonus never changes again). */
export function bonusStatusNext(status: BonusStatus, event: BonusEvent): BonusStatus | undefined {
  if (status === BONUS_STATUS.unlocked || status === BONUS_STATUS.expired) return undefined;
  switch (event.kind) {
    case 'start':
      return status === BONUS_STATUS.locked ? BONUS_STATUS.unlocking : undefined;
    case 'wagered':
      if (status !== BONUS_STATUS.unlocking) return undefined;
      return event.wageredMinor >= event.requirementMinor ? BONUS_STATUS.unlocked : BONUS_STATUS.unlocking;
    case 'expire':
    case 'forfeit':
      return BONUS_STATUS.expired;
  }
}

/** A bonus still open (locked or unlocking) is expired once its deadline has passed. */
export function bonusIsExpired(status: BonusStatus, expiresAtMs: number, nowMs: number): boolean {
  return (status === BONUS_STATUS.locked || status === BONUS_STATUS.unlocking) && nowMs >= expiresAtMs;
}

/** Which list tab a bonus appears in (spec §4): open bonuses are available, finished ones unavailable. */
export function bonusTab(status: BonusStatus): 'available' | 'unavailable' {
  return status === BONUS_STATUS.locked || status === BONUS_STATUS.unlocking ? 'available' : 'unavailable';
}
