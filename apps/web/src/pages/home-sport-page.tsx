import { lazy, Suspense } from 'react';
import SportPage from './sport-page.tsx';
import styles from './pages.module.css';

/** The new-UI switch: not needed for the first paint, so kept out of the first route's JavaScript. */
const UiVersionSwitch = lazy(() => import('../features/casino/ui-version-switch.tsx').then((module) => ({ default: module.UiVersionSwitch })));

/**
 * /home/sport: the newer UI's sports home (spec §2) — the sports page itself (banners, sport tabs, matches, the
 * slip), embedded here in the page layer, under the switch back to the classic UI.
 */
export default function HomeSportPage() {
  return (
    <div className={styles.stack}>
      <Suspense fallback={<div style={{ height: 36 }} />}>
        <UiVersionSwitch on />
      </Suspense>
      <SportPage />
    </div>
  );
}
