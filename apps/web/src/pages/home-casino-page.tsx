import { lazy, Suspense } from 'react';
import { LobbySkeleton } from '../features/casino/lobby-skeleton.tsx';
import { firstScreenDataDone } from '../features/system/first-screen.ts';
import styles from './pages.module.css';

/**
 * The lobby's code (and the casino contract it validates answers with) is its own chunk: the first route
 * stays within the JavaScript budget, and the skeleton holds the layout until it runs.
 */
const CasinoHomeV3 = lazy(() => import('../features/casino/casino-home-v3.tsx').then((module) => ({ default: module.CasinoHomeV3 })));
/** History link and UI switch: not needed for the first paint, so kept out of the first route's JavaScript. */
const LobbyToolbar = lazy(() => import('../features/casino/lobby-toolbar.tsx').then((module) => ({ default: module.LobbyToolbar })));

/** /home/casino: the newer lobby's table and instant games. */
export default function HomeCasinoPage() {
  return (
    <div className={styles.stack}>
      <Suspense fallback={<div className={styles.toolbarSlot} />}>
        <LobbyToolbar uiV3 />
      </Suspense>
      <Suspense fallback={<LobbySkeleton />}>
        <CasinoHomeV3 mainKey="casino" onFirstScreen={firstScreenDataDone} />
      </Suspense>
    </div>
  );
}
