import { create } from 'zustand';

/**
 * Which prices are in the bet slip, for the price buttons of every sports page to show them picked. The slip's own
 * store (features/betting, loaded lazily after the first screen) writes here; a price button only reads one boolean,
 * so it redraws when its own pick changes and never loads the slip to draw.
 */
interface SlipPicks {
  keys: ReadonlySet<string>;
}

export const slipPickKey = (selection: { matchId: number; marketId: number; optionType: number }) =>
  `${selection.matchId}:${selection.marketId}:${selection.optionType}`;

const useSlipPicksStore = create<SlipPicks>(() => ({ keys: new Set() }));

/** Called by the slip whenever its items change. */
export function slipPicksSet(keys: readonly string[]): void {
  const current = useSlipPicksStore.getState().keys;
  if (keys.length === current.size && keys.every((key) => current.has(key))) return;
  useSlipPicksStore.setState({ keys: new Set(keys) });
}

/** Whether this price is in the slip now (outside React). */
export const slipPickedNow = (selection: { matchId: number; marketId: number; optionType: number }): boolean =>
  useSlipPicksStore.getState().keys.has(slipPickKey(selection));

/** Whether this price is in the slip; redraws only when that answer changes. */
export function useSlipPicked(selection: { matchId: number; marketId: number; optionType: number }): boolean {
  const key = slipPickKey(selection);
  return useSlipPicksStore((state) => state.keys.has(key));
}
