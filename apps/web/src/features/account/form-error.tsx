import { useTranslation } from '../../shared/i18n/translate.ts';
import styles from './account-forms.module.css';
import { apiErrorText } from './api-error-text.ts';

/** The one line under a form that says why the last attempt failed, read out when it appears. */
export function FormError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p className={styles.error} role="alert">
      {apiErrorText(error, t)}
    </p>
  );
}
