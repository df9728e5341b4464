import styles from './overlay.module.css';
import { useToastStore } from './toast-store.ts';

export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  return (
    <div className={styles.toasts} role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={[styles.toast, toast.kind === 'error' ? styles.toastError : toast.kind === 'success' ? styles.toastSuccess : ''].join(' ')}
        >
          {toast.text}
        </div>
      ))}
    </div>
  );
}
