import { CasinoHomeV3 } from '../features/casino/casino-home-v3.tsx';
import { LobbyToolbar } from '../features/casino/lobby-toolbar.tsx';
import { firstScreenDataDone } from '../features/system/first-screen.ts';
import styles from './pages.module.css';

/** /home/slots: the newer lobby's slots (the root opens it when UI v3 is on). */
export default function HomeSlotsPage() {
  return (
    <div className={styles.stack}>
      <LobbyToolbar uiV3 />
      <CasinoHomeV3 mainKey="slots" onFirstScreen={firstScreenDataDone} />
    </div>
  );
}
