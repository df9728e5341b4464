import { ArrowDownLeft, ArrowUpRight, ChevronRight, Gift, ReceiptText } from 'lucide-react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link } from '../../shared/router/router.tsx';
import styles from './payments.module.css';
import listCard from '../../shared/ui/list-card.module.css';

/** The way to the money pages from the player's own page: deposit, withdraw, transactions. */
export function WalletLinks({
  depositTo,
  withdrawTo,
  transactionsTo,
  bonusTo,
}: {
  depositTo: string;
  withdrawTo: string;
  transactionsTo: string;
  /** The bonus wallet (/wallet/bonus), when the page offers it. */
  bonusTo?: string;
}) {
  const { t } = useTranslation();
  const links = [
    { to: depositTo, icon: <ArrowDownLeft size={18} />, label: t('payments.deposit.title'), tone: styles.ok },
    { to: withdrawTo, icon: <ArrowUpRight size={18} />, label: t('payments.withdraw.title'), tone: styles.wait },
    { to: transactionsTo, icon: <ReceiptText size={18} />, label: t('payments.history.title'), tone: '' },
    ...(bonusTo ? [{ to: bonusTo, icon: <Gift size={18} />, label: t('wallet.bonus.title'), tone: '' }] : []),
  ];
  return (
    <nav aria-label={t('payments.withdraw.figures')}>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link.to} className={styles.item}>
            <Link to={link.to} className={styles.itemLink} style={{ minHeight: 52 }}>
              <span className={`${listCard.itemIcon} ${link.tone}`} aria-hidden="true">
                {link.icon}
              </span>
              <span className={listCard.itemTitle}>{link.label}</span>
              <ChevronRight size={18} aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
