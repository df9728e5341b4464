import { useTranslation } from '../shared/i18n/translate.ts';
import { Link } from '../shared/router/router.tsx';
import { paths } from '../shared/paths/paths.ts';
import { BetRecordsView } from '../features/betting/ui/bet-records-view.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';
import styles from './pages.module.css';

/** /bet-record (spec §2): the player's open bets, with live cash-out values. */
export default function BetRecordPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('betting.records.recordTitle')} backTo={paths.sport} />
      <p className={styles.switchLink}>
        <Link to={paths.betHistory}>{t('betting.records.toHistory')}</Link>
      </p>
      <BetRecordsView settled={false} />
    </>
  );
}
