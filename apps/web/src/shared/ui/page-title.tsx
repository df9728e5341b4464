import { ChevronLeft } from 'lucide-react';
import { useTranslation } from '../i18n/translate.ts';
import { Link } from '../router/router.tsx';
import styles from './page-title.module.css';

export function PageTitle({ title, backTo }: { title: string; backTo?: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.bar}>
      {backTo ? (
        <Link to={backTo} className={styles.back} aria-label={t('app.back')}>
          <ChevronLeft size={24} aria-hidden="true" />
        </Link>
      ) : null}
      <h1 className={styles.title}>{title}</h1>
    </div>
  );
}
