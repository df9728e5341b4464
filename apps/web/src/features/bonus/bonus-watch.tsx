import { bonusList } from '@piranha/contract';
import { TIMERS } from '@piranha/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../shared/api/api.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { STORAGE_KEYS, storageGet, storageSet } from '../../shared/storage.ts';
import { bonusNewCall, bonusRefresh, useBonusListQuery } from './api/bonus-api.ts';
import { useBoosterListQuery } from './api/booster-api.ts';
import { bonusPollNext, bonusWatchStep } from './bonus-model.ts';
import { boosterPopupCandidate } from './booster-model.ts';
import { bonusGrantedSet, bonusUnlockedSet, boosterOfferSet, useBonusPopupStore } from '../../shared/bonus/bonus-popup-store.ts';

/**
 * The app-wide bonus behaviours of a signed-in player, without UI:
 * - after a deposit order is created asks new_bonus every 10 s, up to 10 times (spec §4, §9); a grant is kept for
 *   the "register bonus reward" pop-up (the server answers each grant once, so it survives a reload in storage);
 * - watches the bonuses being unlocked; when one leaves the available tab as unlocked, the "bonus unlocked" pop-up
 *   opens and the balances refresh (the money is cash now).
 */
export function BonusWatch() {
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const generation = useBonusPopupStore((state) => state.pollGeneration);
  const pollMax = useBonusPopupStore((state) => state.pollMax);
  const queryClient = useQueryClient();

  useEffect(() => {
    if (uid <= 0 || pollMax === 0) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asked = 0;
    const ask = async () => {
      let found = false;
      try {
        const answer = await bonusNewCall();
        // Kept even when this poll was replaced meanwhile: the server will not answer this grant again.
        // Bonus money (register_bonus) or free rounds (free_round_bonus, decision 043): the same pop-up says which.
        if ((answer.bonus_id === 'register_bonus' || answer.bonus_id === 'free_round_bonus') && answer.bonus) {
          found = true;
          bonusGrantedSet(uid, answer.bonus);
          void bonusRefresh(queryClient, uid);
        }
      } catch {
        // A failed ask counts as one; the next one tries again.
      }
      asked += 1;
      const next = bonusPollNext(asked, found, pollMax, TIMERS.bonusPollMs);
      if (!stopped && next !== false) timer = setTimeout(() => void ask(), next);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [uid, generation, pollMax, queryClient]);

  const available = useBonusListQuery(uid, 'available');
  const list = available.data?.pages.flatMap((page) => page.list);
  useEffect(() => {
    if (uid <= 0 || !list) return;
    const { watch, gone } = bonusWatchStep(storageGet<string[]>(STORAGE_KEYS.bonusWatch) ?? [], list);
    storageSet(STORAGE_KEYS.bonusWatch, watch);
    if (gone.length === 0) return;
    void bonusRefresh(queryClient, uid);
    void api
      .call(bonusList, { query: { status: 'unavailable' } })
      .then((page) => {
        const released = page.list.find((bonus) => gone.includes(bonus.id) && bonus.status === 2);
        if (released) bonusUnlockedSet(released);
      })
      .catch(() => undefined);
  }, [uid, list, queryClient]);

  // The booster pop-up's card (decision 044): the newest ready card while none is active. Expiry is judged at the
  // time the list was read; the list refreshes with every bonus change.
  const visitor = useSessionStore((state) => Boolean(state.login?.visitor));
  const boosters = useBoosterListQuery(uid, !visitor);
  const card = boosters.data ? boosterPopupCandidate(boosters.data.list, boosters.dataUpdatedAt) : undefined;
  useEffect(() => {
    boosterOfferSet(card ? { uid, card } : null);
  }, [uid, card]);

  return null;
}
