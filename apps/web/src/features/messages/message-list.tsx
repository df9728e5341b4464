import { htmlToPreview, intlLocaleOf } from '@piranha/domain';
import { MailOpen } from 'lucide-react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link } from '../../shared/router/router.tsx';
import { messageDetailHref } from '../../shared/paths/paths.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { toastShow } from '../../shared/ui/toast-store.ts';
import { useMessageListQuery, useReadMutation, useUnreadCountQuery } from './api/messages.ts';
import styles from './messages.module.css';
import { unreadShown } from './unread-shown.ts';

/** The message centre's list (spec §2 /message-center): unread first, read-all, an empty state, more by page. */
export function MessageList() {
  const { t, i18n } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const list = useMessageListQuery(uid, i18n.language);
  const unread = useUnreadCountQuery(uid);
  const read = useReadMutation(uid);
  const messages = list.data?.pages.flatMap((page) => page.message_list) ?? [];
  // The list's own count is taken with its dots; the polled count may be older (unread-shown.ts).
  const firstPage = list.data?.pages[0];
  const unreadCount = unreadShown(
    unread.data ? { value: unread.data.count, updatedAt: unread.dataUpdatedAt } : undefined,
    firstPage ? { value: firstPage.unread_count, updatedAt: list.dataUpdatedAt } : undefined,
  );
  const date = new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' });

  if (list.isPending)
    return (
      <div className={styles.stack} aria-busy="true">
        <Skeleton height={64} />
        <Skeleton height={64} />
        <Skeleton height={64} />
      </div>
    );
  if (messages.length === 0)
    return (
      <div className={styles.stack}>
        <EmptyState
          icon={<MailOpen size={28} />}
          title={list.isError ? t('messages.loadFailed') : t('messages.empty')}
          {...(list.isError ? {} : { body: t('messages.emptyBody') })}
          onRefresh={() => void list.refetch()}
          refreshing={list.isFetching}
        />
      </div>
    );
  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <span data-testid="message-unread-count">{t('messages.unreadCount', { count: unreadCount })}</span>
        <Button
          variant="ghost"
          compact
          disabled={unreadCount === 0 || read.isPending}
          onClick={() => read.mutate({ all: true }, { onError: (error) => toastShow({ kind: 'error', text: error.message }) })}
        >
          {t('messages.readAll')}
        </Button>
      </div>
      <ul className={styles.list}>
        {messages.map((message) => {
          const unreadOne = message.readed === 0;
          const preview = message.content_type === 2 ? htmlToPreview(message.message_content.content) : message.message_content.content;
          return (
            <li key={message.message_id} className={styles.item}>
              <Link to={messageDetailHref(message.message_id)} className={styles.itemLink} data-testid="message-item">
                <span className={unreadOne ? styles.unreadDot : styles.readDot} role="img" aria-label={unreadOne ? t('messages.unread') : t('messages.read')} />
                <span className={styles.itemMain}>
                  <span className={unreadOne ? `${styles.itemTitle} ${styles.itemUnread}` : styles.itemTitle}>{message.message_content.title}</span>
                  {preview ? <span className={styles.itemPreview}>{preview}</span> : null}
                  <span className={styles.itemTime}>{date.format(new Date(message.create_time * 1000))}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      {list.hasNextPage ? (
        <Button variant="ghost" block onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
          {t('messages.more')}
        </Button>
      ) : null}
    </div>
  );
}
