import type { ReactNode } from 'react';
import styles from './overlay.module.css';
import { useDialog } from './use-dialog.ts';

export function Modal({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useDialog(onClose);
  return (
    <div className={styles.backdrop} onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={ref} className={styles.modal} role="dialog" aria-modal="true" aria-label={title} tabIndex={-1}>
        <h2 className={styles.title}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
