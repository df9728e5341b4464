import { create } from 'zustand';

/**
 * What the install bar (loaded after the first screen) offers right now, for the pop-up stack's install pop-up (spec
 * §4 "Installed-web-app top bar and popup", POPUP_LEVELS.downloadGuide): set while the bar would show — award_status 1,
 * a way to install, not installed, not closed in the last 24 h — with the reward's amount as the player reads it.
 */
export const useInstallOfferStore = create<{ offer: { amountText: string } | null }>(() => ({ offer: null }));

export function installOfferSet(offer: { amountText: string } | null): void {
  const current = useInstallOfferStore.getState().offer;
  if (current?.amountText === offer?.amountText) return;
  useInstallOfferStore.setState({ offer });
}
