import { ApiError, ERRORS } from '@piranha/contract';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link } from '../../shared/router/router.tsx';
import { buttonClassName } from '../../shared/ui/button.tsx';
import styles from './payments.module.css';
import listCard from '../../shared/ui/list-card.module.css';

/** The server's refusal of a guest's payout (TOURIST_PAYOUT_REFUSED): the page answers it with the notice below. */
export function isTouristPayoutRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.dmError === ERRORS.TOURIST_PAYOUT_REFUSED.code;
}

/**
 * Why a guest cannot withdraw — a tourist account is held by its device alone, so money leaves only once an e-mail
 * can recover it — and the way to save the account first. Deposits and play stay open to guests.
 */
export function TouristWithdrawNotice({ saveEmailTo }: { saveEmailTo: string }) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-labelledby="tourist-withdraw-title" role="status">
      <h2 className={listCard.sectionTitle} id="tourist-withdraw-title">
        {t('payments.withdraw.touristTitle')}
      </h2>
      <p className={styles.hint}>{t('payments.withdraw.touristBody')}</p>
      <Link to={saveEmailTo} className={buttonClassName({ variant: 'primary', block: true })}>
        {t('recovery.saveButton')}
      </Link>
    </section>
  );
}
