import { Bell, ChevronRight, Mail } from 'lucide-react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link } from '../../shared/router/router.tsx';
import { paths } from '../../shared/paths/paths.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import listCard from '../../shared/ui/list-card.module.css';
import { useUnreadCountQuery } from './api/messages.ts';
import styles from './messages.module.css';
import { badgeText } from './unread-cache.ts';

/** The signed-in player's unread message count (0 signed out), polled with the top bar every 15 s. */
export function useUnreadCount(): number {
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  return useUnreadCountQuery(uid).data?.count ?? 0;
}

/**
 * The header's bell, on screens wide enough for it beside the balance and the deposit button: opens the message
 * centre and shows the unread count. Narrower, the count sits on the menu button instead (`MenuUnreadBadge`).
 */
export function UnreadBadge() {
  const { t } = useTranslation();
  const count = useUnreadCount();
  return (
    <Link to={paths.messageCenter} className={styles.bell} aria-label={count > 0 ? t('messages.bellUnread', { count }) : t('messages.bell')}>
      <Bell size={22} aria-hidden="true" />
      {count > 0 ? (
        <span className={styles.badge} aria-hidden="true">
          {badgeText(count)}
        </span>
      ) : null}
    </Link>
  );
}

/** The menu's row to the message centre, with the unread count; signed out there is nothing to read. */
export function MessagesMenuRow() {
  const { t } = useTranslation();
  const signedIn = useSessionStore((state) => Boolean(state.login));
  const count = useUnreadCount();
  if (!signedIn) return null;
  return (
    <ul className={listCard.listCard}>
      <li>
        <Link to={paths.messageCenter} className={styles.menuRow}>
          <Mail size={20} aria-hidden="true" />
          <span className={styles.menuRowLabel}>{t('messages.title')}</span>
          {count > 0 ? <span className={styles.menuRowCount}>{t('messages.unreadCount', { count })}</span> : null}
          <ChevronRight size={18} aria-hidden="true" />
        </Link>
      </li>
    </ul>
  );
}
