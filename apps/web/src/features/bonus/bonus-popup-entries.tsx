import { POPUP_LEVELS } from '@piranha/domain';
import { lazy, Suspense } from 'react';
import { useLocation } from '../../shared/router/router.tsx';
import { bonusGrantedClear, bonusUnlockedSet, firstChargeOpen, useBonusPopupStore } from '../../shared/bonus/bonus-popup-store.ts';
import type { PopupEntry } from '../../shared/popup-entry.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { bonusPopupQuiet } from './bonus-quiet.ts';

/** The modals load when one is due: the first route carries only this list. */
const FirstChargePopup = lazy(() => import('./first-charge-popup.tsx'));
const RegisterBonusModal = lazy(() => import('./bonus-popups.tsx').then((module) => ({ default: module.RegisterBonusModal })));
const BoosterModal = lazy(() => import('./booster-popup.tsx'));
const BonusUnlockedModal = lazy(() => import('./bonus-popups.tsx').then((module) => ({ default: module.BonusUnlockedModal })));

/**
 * The bonus pop-ups for the app's pop-up stack (spec §4): "register bonus reward" (level 0) for a grant new_bonus
 * answered, "bonus unlocked" (0) when a bonus became cash, first charge (2) when asked for (the push
 * `first_charge_pop`) while the player has not deposited. They wait on game-room, deposit, withdraw, activity, thin,
 * VIP club and task paths, and a tourist is not shown them: their deposit leads to the e-mail-save invitation.
 */
export function useBonusPopups(): PopupEntry[] {
  const { pathname } = useLocation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const visitor = useSessionStore((state) => Boolean(state.login?.visitor));
  // Only this player's grant: another account signed in on the device never sees it.
  const pending = useBonusPopupStore((state) => state.granted);
  const granted = pending && pending.uid === uid ? pending.bonus : null;
  const unlocked = useBonusPopupStore((state) => state.unlocked);
  const firstChargeAsked = useBonusPopupStore((state) => state.firstCharge);
  const allowed = uid > 0 && !visitor && !bonusPopupQuiet(pathname);
  const entries: PopupEntry[] = [];
  // "bonus booster card" (decision 044): the newest ready card while none is active, once per card (24 h cache). The
  // bonus watch (loaded after the first screen) reads the cards; only this player's offer shows.
  const offer = useBonusPopupStore((state) => state.booster);
  const booster = offer && offer.uid === uid ? offer.card : undefined;
  if (booster)
    entries.push({
      key: `booster_card:${booster.id}`,
      level: POPUP_LEVELS.boosterCard,
      show: allowed,
      cached: true,
      render: (close) => (
        <Suspense fallback={null}>
          <BoosterModal card={booster} onClose={close} />
        </Suspense>
      ),
    });
  if (granted)
    entries.push({
      key: `register_bonus:${granted.id}`,
      level: POPUP_LEVELS.registerBonus,
      show: allowed,
      cached: true,
      render: (close) => (
        <Suspense fallback={null}>
          <RegisterBonusModal bonus={granted} onClose={close} />
        </Suspense>
      ),
      onClosed: bonusGrantedClear,
    });
  if (unlocked)
    entries.push({
      key: `bonus_unlocked:${unlocked.id}`,
      level: POPUP_LEVELS.bonusUnlocked,
      show: allowed,
      cached: true,
      render: (close) => (
        <Suspense fallback={null}>
          <BonusUnlockedModal bonus={unlocked} onClose={close} />
        </Suspense>
      ),
      onClosed: () => bonusUnlockedSet(null),
    });
  if (firstChargeAsked)
    entries.push({
      key: 'first_charge',
      level: POPUP_LEVELS.firstCharge,
      show: allowed,
      cached: true,
      render: (close) => (
        <Suspense fallback={null}>
          <FirstChargePopup onClose={close} />
        </Suspense>
      ),
      onClosed: () => firstChargeOpen(false),
    });
  return entries;
}
