import { useTranslation } from '../shared/i18n/translate.ts';
import { Link } from '../shared/router/router.tsx';
import { paths } from '../shared/paths/paths.ts';
import { BetRecordsView } from '../features/betting/ui/bet-records-view.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';
import styles from './pages.module.css';

/** /bet-history (spec §2): settled bets by period, each with its legs, results and return. */
export default function BetHistoryPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('betting.records.historyTitle')} backTo={paths.sport} />
      <p className={styles.switchLink}>
        <Link to={paths.betRecord}>{t('betting.records.toRecord')}</Link>
      </p>
      <BetRecordsView settled />
    </>
  );
}
