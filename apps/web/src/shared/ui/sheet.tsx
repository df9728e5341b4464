import type { ReactNode } from 'react';
import styles from './overlay.module.css';
import { useDialog } from './use-dialog.ts';

/**
 * A bottom sheet: the phone-native way to offer a short list of choices, or a tool like the bet slip. Escape and a
 * tap outside close it; focus moves in and stays in while it is open. A long body scrolls between the heading (with
 * its `actions`) and a `footer` that stays in view.
 */
export function Sheet({
  title,
  heading,
  actions,
  footer,
  onClose,
  children,
}: {
  /** The dialog's name, and its heading unless `heading` is given. */
  title: string;
  heading?: ReactNode;
  actions?: ReactNode;
  footer?: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useDialog(onClose);
  return (
    <div className={`${styles.backdrop} ${styles.sheetBackdrop}`} onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={ref} className={styles.sheet} role="dialog" aria-modal="true" aria-label={title} tabIndex={-1}>
        <div className={styles.grabber} aria-hidden="true" />
        <div className={styles.sheetHead}>
          <h2 className={styles.title}>{heading ?? title}</h2>
          {actions}
        </div>
        {/* A long body scrolls: it takes focus so a keyboard can scroll it (axe scrollable-region-focusable). */}
        <div className={styles.sheetBody} tabIndex={0}>
          {children}
        </div>
        {footer ? <div className={styles.sheetFoot}>{footer}</div> : null}
      </div>
    </div>
  );
}
