import { TIMERS } from '@piranha/domain';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n/translate.ts';
import styles from './overlay.module.css';

/**
 * A full-screen loading cover that gives up after `timeoutMs` (spec §9: 5 s by default), so a stuck load
 * never leaves the player staring at a spinner.
 */
export function LoadingOverlay({ timeoutMs = TIMERS.loadingOverlayTimeoutMs }: { timeoutMs?: number }) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), timeoutMs);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  if (!visible) return null;
  return (
    <div className={`${styles.backdrop} ${styles.loading}`} role="progressbar" aria-label={t('app.loading')}>
      <LoaderCircle size={36} className="spin" aria-hidden="true" />
    </div>
  );
}
