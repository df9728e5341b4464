import { useSessionStore } from '../../shared/session/session-store.ts';
import styles from './messages.module.css';
import { badgeText, useUnreadCached } from './unread-cache.ts';

/** The unread count drawn on the menu button of a phone-wide header (the menu's Messages row leads on). */
export function MenuUnreadBadge() {
  const count = useUnreadCached(useSessionStore((state) => state.login?.uid ?? 0));
  return count > 0 ? (
    <span className={`${styles.badge} ${styles.menuBadge}`} data-testid="message-unread-badge" aria-hidden="true">
      {badgeText(count)}
    </span>
  ) : null;
}
