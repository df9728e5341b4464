import { CasinoHomeV3 } from '../features/casino/casino-home-v3.tsx';
import { LobbyToolbar } from '../features/casino/lobby-toolbar.tsx';
import { firstScreenDataDone } from '../features/system/first-screen.ts';
import styles from './pages.module.css';

/** /home/game: the newer lobby (UI v3) over every game. */
export default function HomeGamePage() {
  return (
    <div className={styles.stack}>
      <LobbyToolbar uiV3 />
      <CasinoHomeV3 onFirstScreen={firstScreenDataDone} />
    </div>
  );
}
