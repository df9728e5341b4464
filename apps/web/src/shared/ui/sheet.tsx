import type { ReactNode } from 'react';
import styles from './overlay.module.css';
import { useDialog } from './use-dialog.ts';

/** A bottom sheet: the phone-native way to offer a short list of choices. */
export function Sheet({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const ref = useDialog(onClose);
  return (
    <div className={`${styles.backdrop} ${styles.sheetBackdrop}`} onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={ref} className={styles.sheet} role="dialog" aria-modal="true" aria-label={title} tabIndex={-1}>
        <div className={styles.grabber} aria-hidden="true" />
        <h2 className={styles.title}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
