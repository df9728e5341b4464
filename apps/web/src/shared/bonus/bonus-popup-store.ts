import { TIMERS } from '@piranha/domain';
import { create } from 'zustand';
import type { bonusBoosterList, bonusSchema } from '@piranha/contract';
import type * as z from 'zod/mini';
import { STORAGE_KEYS, storageGet, storageRemove, storageSet } from '../storage.ts';

/**
 * The bonus pop-ups' state, shared so the deposit form can start the new_bonus poll (spec §4) and the bonus feature
 * (features/bonus) can show what it finds.
 */
type Bonus = z.output<typeof bonusSchema>;
type BoosterCard = z.output<(typeof bonusBoosterList)['data']>['list'][number];

interface BonusPopupState {
  /** A new grant answered by new_bonus (the "register bonus reward" pop-up) and whose it is, kept until closed. */
  granted: { uid: number; bonus: Bonus } | null;
  /** A bonus released as cash (the "bonus unlocked" pop-up). */
  unlocked: Bonus | null;
  /** The first-charge pop-up was asked for (the chat push `first_charge_pop`, spec §4). */
  firstCharge: boolean;
  /** The card the "bonus booster card" pop-up offers, as the bonus watch last read the player's cards (decision 044). */
  booster: { uid: number; card: BoosterCard } | null;
  /** Bumped to start a new poll; `pollMax` asks at most (0: no poll yet). */
  pollGeneration: number;
  pollMax: number;
}

export const useBonusPopupStore = create<BonusPopupState>(() => ({
  granted: storageGet<{ uid: number; bonus: Bonus }>(STORAGE_KEYS.bonusPending) ?? null,
  unlocked: null,
  firstCharge: false,
  booster: null,
  pollGeneration: 0,
  pollMax: 0,
}));

/**
 * Starts the new_bonus poll: after a deposit order every 10 s, up to 10 times (spec §4, §9); after a registration
 * once (`max` 1: the sign-up bonus is granted in the registration's own transaction, decision 024).
 */
export function bonusPollStart(max: number = TIMERS.bonusPollMax): void {
  useBonusPopupStore.setState((state) => ({ pollGeneration: state.pollGeneration + 1, pollMax: max }));
}

export function bonusGrantedSet(uid: number, bonus: Bonus): void {
  const granted = { uid, bonus };
  storageSet(STORAGE_KEYS.bonusPending, granted);
  useBonusPopupStore.setState({ granted });
}

export function bonusGrantedClear(): void {
  storageRemove(STORAGE_KEYS.bonusPending);
  useBonusPopupStore.setState({ granted: null });
}

export function bonusUnlockedSet(bonus: Bonus | null): void {
  useBonusPopupStore.setState({ unlocked: bonus });
}

/** Opens the first-charge pop-up (priority 2) when the player has not deposited yet: the push `first_charge_pop` calls it. */
export function firstChargeOpen(open = true): void {
  useBonusPopupStore.setState({ firstCharge: open });
}

/** What the bonus watch found for the booster pop-up (null: no card to offer). */
export function boosterOfferSet(offer: { uid: number; card: BoosterCard } | null): void {
  useBonusPopupStore.setState({ booster: offer });
}
