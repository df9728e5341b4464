import type { ReactNode } from 'react';
import styles from './pages.module.css';

/** A whole-page message: maintenance, region block, news. */
export function Notice({ icon, title, body, children }: { icon: ReactNode; title: string; body: string; children?: ReactNode }) {
  return (
    <section className={styles.notice}>
      <div className={styles.noticeIcon} aria-hidden="true">
        {icon}
      </div>
      <h1 className={styles.noticeTitle}>{title}</h1>
      <p className={styles.noticeBody}>{body}</p>
      {children}
    </section>
  );
}
