import { useTranslation } from '../../shared/i18n/translate.ts';
import { payStatusKind } from './pay-status.ts';
import styles from './payments.module.css';

/** A pay status as a coloured word (spec §4): success, pending, unprocessed, timeout, failed. */
export function StatusBadge({ payStatus }: { payStatus: number }) {
  const { t } = useTranslation();
  const kind = payStatusKind(payStatus);
  return (
    <span className={styles.badge} data-kind={kind}>
      {t(`payments.status.${kind}`)}
    </span>
  );
}
