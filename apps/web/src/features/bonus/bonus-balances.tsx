import { ChevronRight, Gift, History, Ticket } from 'lucide-react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link } from '../../shared/router/router.tsx';
import { moneyText } from '../../shared/money/money.ts';
import { paths } from '../../shared/paths/paths.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useBonusBalanceQuery } from './api/bonus-api.ts';
import styles from './bonus.module.css';

/** /wallet/bonus: bonus money per currency (never withdrawable) and the ways to the bonus pages. */
export function BonusBalances() {
  const { t, i18n } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const balance = useBonusBalanceQuery(uid);
  const links = [
    { to: paths.bonus, icon: <Gift size={18} />, label: t('bonus.title') },
    { to: paths.bonusHistory, icon: <History size={18} />, label: t('bonus.history.title') },
    { to: paths.redeem, icon: <Ticket size={18} />, label: t('redeem.title') },
  ];
  return (
    <div className={styles.stack}>
      <section className={styles.card} aria-labelledby="bonus-balances-title">
        <h2 id="bonus-balances-title" className={styles.sectionTitle}>
          {t('wallet.bonus.balances')}
        </h2>
        {balance.isPending ? (
          <Skeleton height={44} />
        ) : balance.isError ? (
          <p className={styles.error}>{t('bonus.loadFailed')}</p>
        ) : balance.data.balances.length === 0 ? (
          <p className={styles.cardSub}>{t('wallet.bonus.none')}</p>
        ) : (
          <ul className={styles.rows}>
            {balance.data.balances.map((entry) => (
              <li key={entry.currency} className={styles.row}>
                <span className={styles.rowMain}>
                  <span className={styles.rowTitle}>{entry.currency}</span>
                </span>
                <span className={styles.rowAmount}>{moneyText(entry.balance, entry.currency, i18n.language)}</span>
              </li>
            ))}
          </ul>
        )}
        <p className={styles.cardSub}>{t('wallet.bonus.note')}</p>
      </section>
      <nav aria-label={t('bonus.title')}>
        <ul className={styles.rows}>
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={styles.navRow}>
                <span className={styles.rowIcon} aria-hidden="true">
                  {link.icon}
                </span>
                <span className={styles.rowTitle}>{link.label}</span>
                <ChevronRight size={18} aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
