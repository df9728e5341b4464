import { History } from 'lucide-react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link } from '../../shared/router/router.tsx';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { paths } from '../../shared/paths/paths.ts';
import styles from './ui-version-switch.module.css';
import { UiVersionSwitch } from './ui-version-switch.tsx';

/** Above the lobby: the player's round history (signed in) and the new-UI switch. */
export function LobbyToolbar({ uiV3 }: { uiV3: boolean }) {
  const { t } = useTranslation();
  const signedIn = useSessionStore((state) => state.login !== undefined);
  return (
    <div className={styles.toolbar}>
      {signedIn ? (
        <Link to={paths.gameHistory} className={styles.switch}>
          <History size={16} aria-hidden="true" />
          {t('casino.historyLink')}
        </Link>
      ) : null}
      <UiVersionSwitch on={uiV3} />
    </div>
  );
}
