import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link } from '../../shared/router/router.tsx';
import { messageDetailHref } from '../../shared/paths/paths.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { toastShow } from '../../shared/ui/toast-store.ts';
import { useTopBarCloseMutation, useTopBarQuery } from './api/messages.ts';
import { MessageAction } from './message-action.tsx';
import { turnDelayMs } from './message-link.ts';
import styles from './messages.module.css';

/**
 * Spec §2/§4 top carousel bar: the operator's top-bar messages with their icon, button and close icon, asked for
 * every 15 s and turning to the next after the shown one's turn_time. Closing asks the server; only its dm_error 0
 * empties the bar, which then stays closed for 24 h (the server answers it closed until then).
 */
export function TopBar() {
  const { t, i18n } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const bar = useTopBarQuery(uid, i18n.language);
  const close = useTopBarCloseMutation(uid);
  const list = bar.data && bar.data.top_bar_closed === 0 ? bar.data.message_list : [];
  const [index, setIndex] = useState(0);
  const shown = list.length === 0 ? undefined : list[index % list.length];

  useEffect(() => {
    if (!shown || list.length < 2) return undefined;
    const timer = window.setTimeout(() => setIndex((value) => value + 1), turnDelayMs(shown.turn_time));
    return () => window.clearTimeout(timer);
  }, [shown, list.length]);

  if (!shown) return null;
  const content = shown.message_content;
  const button = content.buttons[0];
  return (
    <section className={styles.topBar} aria-label={t('messages.topBar')} aria-live="polite" data-testid="message-top-bar">
      {content.icons[0] ? <img className={styles.topBarIcon} src={content.icons[0]} alt="" width={28} height={28} /> : null}
      <Link to={messageDetailHref(shown.message_id)} className={styles.topBarText}>
        <span className={styles.topBarTitle}>{content.title}</span>
      </Link>
      {button ? (
        <MessageAction
          link={button.link}
          className={styles.topBarButton}
          {...(content.btn_bk_image ? { style: { backgroundImage: `url("${content.btn_bk_image}")` } } : {})}
        >
          {content.btn_text}
        </MessageAction>
      ) : null}
      {shown.allow_close === 1 ? (
        <button
          type="button"
          className={styles.topBarClose}
          aria-label={t('messages.topBarClose')}
          disabled={close.isPending}
          onClick={() => close.mutate(undefined, { onError: (error) => toastShow({ kind: 'error', text: error.message || t('messages.closeFailed') }) })}
        >
          <X size={18} aria-hidden="true" />
        </button>
      ) : null}
      {list.length > 1 ? (
        <span className={styles.topBarDots} aria-hidden="true">
          {list.map((message, at) => (
            <span key={message.message_id} className={at === index % list.length ? styles.dotOn : styles.dot} />
          ))}
        </span>
      ) : null}
    </section>
  );
}
