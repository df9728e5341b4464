import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../shared/paths/paths.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { useUnreadCountQuery } from './api/messages.ts';
import styles from './messages.module.css';

/** The header's bell: opens the message centre and shows how many messages are unread (99+ past 99). */
export function UnreadBadge() {
  const { t } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const unread = useUnreadCountQuery(uid);
  const count = unread.data?.count ?? 0;
  return (
    <Link to={paths.messageCenter} className={styles.bell} aria-label={count > 0 ? t('messages.bellUnread', { count }) : t('messages.bell')}>
      <Bell size={22} aria-hidden="true" />
      {count > 0 ? (
        <span className={styles.badge} data-testid="message-unread-badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
