import { CasinoHomeV3 } from '../features/casino/casino-home-v3.tsx';
import { LobbyToolbar } from '../features/casino/lobby-toolbar.tsx';
import { firstScreenDataDone } from '../features/system/first-screen.ts';
import styles from './pages.module.css';

/** /home/casino: the newer lobby's table and instant games. */
export default function HomeCasinoPage() {
  return (
    <div className={styles.stack}>
      <LobbyToolbar uiV3 />
      <CasinoHomeV3 mainKey="casino" onFirstScreen={firstScreenDataDone} />
    </div>
  );
}
