import type { ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { useTranslation } from '../i18n/translate.ts';
import { Button } from './button.tsx';
import styles from './empty-state.module.css';

export interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  body?: string;
  /** Shows a refresh button; the spec's empty-data view always offers one. */
  onRefresh?: () => void;
  refreshing?: boolean;
  /** What the player can do about it besides refreshing (e.g. set the limit a refusal asks for). */
  action?: ReactNode;
}

export function EmptyState({ icon, title, body, onRefresh, refreshing = false, action }: EmptyStateProps) {
  const { t } = useTranslation();
  return (
    <section className={styles.empty} aria-live="polite">
      <div className={styles.icon} aria-hidden="true">
        {icon}
      </div>
      <h2 className={styles.title}>{title}</h2>
      {body ? <p className={styles.body}>{body}</p> : null}
      {action}
      {onRefresh ? (
        <Button variant="ghost" onClick={onRefresh} disabled={refreshing} aria-busy={refreshing}>
          <RefreshCw size={18} aria-hidden="true" className={refreshing ? 'spin' : undefined} />
          {t('app.refresh')}
        </Button>
      ) : null}
    </section>
  );
}
