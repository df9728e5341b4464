import { minorUnits } from '@piranha/domain';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The store persists to localStorage; the web tests run in node, so it gets a Map behind the same interface.
const memory = new Map<string, string>();
vi.stubGlobal('localStorage', {
  getItem: (key: string) => memory.get(key) ?? null,
  setItem: (key: string, value: string) => memory.set(key, value),
  removeItem: (key: string) => memory.delete(key),
});

const { useBetSlipStore, betSlipSelect } = await import('./bet-slip-store.ts');
const { slipPickedNow } = await import('../../shared/slip/slip-picks.ts');

const offer = (matchId: number, optionType = 1, odds = 2.5) => ({ matchId, marketId: matchId * 10, optionType, odds, name: `Pick ${matchId}`, line: '' });

beforeEach(() => useBetSlipStore.getState().clear());

describe('the bet slip store', () => {
  it('adds on the first tap and removes on the second', () => {
    betSlipSelect(offer(1));
    expect(useBetSlipStore.getState().slip.items).toHaveLength(1);
    betSlipSelect(offer(1));
    expect(useBetSlipStore.getState().slip.items).toHaveLength(0);
  });

  it('shows the mini slip at the first item and hides it at the second', () => {
    betSlipSelect(offer(1));
    expect(useBetSlipStore.getState().slip.miniSlipVisible).toBe(true);
    betSlipSelect(offer(2));
    expect(useBetSlipStore.getState().slip.miniSlipVisible).toBe(false);
  });

  it('keeps one selection per match and market: another option replaces the first', () => {
    betSlipSelect(offer(1, 1));
    betSlipSelect(offer(1, 2));
    expect(useBetSlipStore.getState().slip.items.map((item) => item.optionType)).toEqual([2]);
  });

  it('refuses an eleventh selection with betMaxLimit and locked odds with oddsLocked', () => {
    for (let matchId = 1; matchId <= 10; matchId += 1) betSlipSelect(offer(matchId));
    betSlipSelect(offer(11));
    expect(useBetSlipStore.getState().slip.items).toHaveLength(10);
    expect(useBetSlipStore.getState().notice).toBe('betMaxLimit');
    useBetSlipStore.getState().clear();
    betSlipSelect(offer(1, 1, -2.5));
    expect(useBetSlipStore.getState().slip.items).toHaveLength(0);
    expect(useBetSlipStore.getState().notice).toBe('oddsLocked');
  });

  it('asks to accept moved odds, and any change to the slip clears the request', () => {
    betSlipSelect(offer(1));
    const store = useBetSlipStore.getState();
    store.oddsRefresh(
      [{ matchId: 1, marketId: 10, optionType: 1, previousMarketId: null, oddsThousandths: 2600, marketOpen: true, line: null, multipleAllowed: true }],
      1_000,
    );
    expect(useBetSlipStore.getState().slip.needAcceptLatestOdds).toBe(true);
    expect(useBetSlipStore.getState().slip.items[0]!.oddsThousandths).toBe(2600);
    betSlipSelect(offer(2));
    expect(useBetSlipStore.getState().slip.needAcceptLatestOdds).toBe(false);
  });

  it('keeps the slip on the device', () => {
    betSlipSelect(offer(3));
    const saved = JSON.parse(memory.get('pir.bet_slip')!) as { state: { slip: { items: { matchId: number }[] } } };
    expect(saved.state.slip.items.map((item) => item.matchId)).toEqual([3]);
  });

  it('after placing one of three singles the other two stay, and "Reuse picks" brings the placed one back with its stake', () => {
    betSlipSelect(offer(1));
    betSlipSelect(offer(2));
    betSlipSelect(offer(3));
    const store = useBetSlipStore.getState();
    store.stakeSet(offer(2), minorUnits(7_00));
    const placed = useBetSlipStore.getState().slip.items.filter((item) => item.matchId === 2);
    store.placedRemove(placed);
    expect(useBetSlipStore.getState().slip.items.map((item) => item.matchId)).toEqual([1, 3]);
    store.picksReuse(placed);
    expect(useBetSlipStore.getState().slip.items.map((item) => [item.matchId, item.stakeMinor])).toEqual([
      [1, null],
      [3, null],
      [2, 7_00],
    ]);
  });

  it('tells the price buttons what is picked', () => {
    betSlipSelect(offer(4));
    expect(slipPickedNow({ matchId: 4, marketId: 40, optionType: 1 })).toBe(true);
    betSlipSelect(offer(4));
    expect(slipPickedNow({ matchId: 4, marketId: 40, optionType: 1 })).toBe(false);
  });

  it('keeps the key of an unanswered placement on the device, and a cleared slip forgets it', () => {
    useBetSlipStore.getState().placementAttemptSet({ fingerprint: 'f', key: 'k' });
    const saved = JSON.parse(memory.get('pir.bet_slip')!) as { state: { placementAttempt: unknown } };
    expect(saved.state.placementAttempt).toEqual({ fingerprint: 'f', key: 'k' });
    useBetSlipStore.getState().clear();
    expect(useBetSlipStore.getState().placementAttempt).toBeNull();
  });
});
