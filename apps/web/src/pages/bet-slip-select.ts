import type { SlipOffer } from '../features/betting/bet-slip-store.ts';

/**
 * What a tap on a price calls on the sports pages. The slip's store (zustand persist and the domain's slip rules) is
 * not needed to draw a first screen, so it loads on the first tap, or with the lazily loaded slip dock, whichever comes
 * first; taps made meanwhile are applied in order once it has.
 */
export function betSlipSelect(offer: SlipOffer): void {
  void import('../features/betting/bet-slip-store.ts').then((module) => module.betSlipSelect(offer));
}
