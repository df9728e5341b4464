import { htmlSanitize } from '@piranha/domain';
import type { Message } from './api/messages.ts';
import styles from './messages.module.css';

/**
 * A message's body by its content type: text as text, rich text as HTML — sanitized by the server when published and
 * again here against the same allow-list, so a script cannot reach the page even from a tampered answer — and an
 * image with its text.
 */
export function MessageBody({ message }: { message: Message }) {
  const content = message.message_content;
  if (message.content_type === 2) return <div className={styles.rich} dangerouslySetInnerHTML={{ __html: htmlSanitize(content.content) }} />;
  return (
    <div className={styles.body}>
      {message.content_type === 3 && content.icons[0] ? <img className={styles.image} src={content.icons[0]} alt={content.title} /> : null}
      {content.content ? <p className={styles.text}>{content.content}</p> : null}
    </div>
  );
}
