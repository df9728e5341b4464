import { useSyncExternalStore } from 'react';

import type * as CoverArtModule from './cover-art.ts';

type CoverArt = typeof CoverArtModule;

/**
 * The cover drawings load as their own chunk, started as soon as the lobby code runs, so they arrive
 * alongside the first game list instead of weighing on the first route's JavaScript. Until then a card
 * keeps its exact size with a plain tile.
 */
let art: CoverArt | undefined;
const listeners = new Set<() => void>();
const loading = import('./cover-art.ts').then((module) => {
  art = module;
  listeners.forEach((listener) => listener());
});

export function useCoverArt(): CoverArt | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => art,
    () => art,
  );
}

/** For code outside React (tests, prefetch): resolves once the drawings are loaded. */
export function coverArtReady(): Promise<void> {
  return loading;
}
