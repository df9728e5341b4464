import { ERRORS, ApiError } from '@piranha/contract';
import { intlLocaleOf } from '@piranha/domain';
import { MailX } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useMessageQuery, useReadMutation } from './api/messages.ts';
import { MessageAction } from './message-action.tsx';
import { MessageBody } from './message-body.tsx';
import styles from './messages.module.css';

/** One message (spec §2 /message-detail): its title, time, body and buttons; opening it marks it read. */
export function MessageDetail({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const message = useMessageQuery(uid, i18n.language, id);
  const read = useReadMutation(uid);
  const unread = message.data?.readed === 0;
  const { mutate } = read;

  useEffect(() => {
    if (unread) mutate({ ids: [id] });
  }, [unread, id, mutate]);

  if (message.isPending && id !== '')
    return (
      <div className={styles.stack} aria-busy="true">
        <Skeleton height={28} />
        <Skeleton height={120} />
      </div>
    );
  if (!message.data) {
    const gone = id === '' || (message.error instanceof ApiError && message.error.dmError === ERRORS.MESSAGE_NOT_FOUND.code);
    return (
      <div className={styles.stack}>
        <EmptyState
          icon={<MailX size={28} />}
          title={gone ? t('messages.notFound') : t('messages.loadFailed')}
          {...(gone ? {} : { onRefresh: () => void message.refetch(), refreshing: message.isFetching })}
        />
      </div>
    );
  }
  const data = message.data;
  const date = new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'long', timeStyle: 'short' });
  return (
    <div className={styles.stack}>
      <article className={styles.detail}>
        <h2 className={styles.detailTitle}>{data.message_content.title}</h2>
        <span className={styles.detailTime}>{date.format(new Date(data.create_time * 1000))}</span>
        <MessageBody message={data} />
        {data.message_content.buttons.length > 0 ? (
          <div className={styles.actions}>
            {data.message_content.buttons.map((button) => (
              <MessageAction key={`${button.link}-${button.btn_text}`} link={button.link} className={styles.action}>
                {button.btn_text}
              </MessageAction>
            ))}
          </div>
        ) : null}
      </article>
    </div>
  );
}
