import { useTranslation } from '../../shared/i18n/translate.ts';
import { moneyText } from '../../shared/money/money.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { currencyCurrent } from '../../shared/variant/currency-choice.ts';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';
import { useBonusBalanceQuery } from './api/bonus-api.ts';
import { bonusBalanceOf } from './bonus-model.ts';
import styles from './bonus-chip.module.css';

/**
 * The header's bonus beside the cash balance (issue 17): bonus money is never withdrawable, so it is never added to
 * the cash figure. Shown while the player holds bonus money in the current currency, as a small label hung under the
 * cash button (the phone header has no room for another button; /wallet/bonus is one tap away on /me).
 */
export function BonusBalanceChip() {
  const { t, i18n } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const balance = useBonusBalanceQuery(uid);
  const balances = balance.data?.balances;
  const currency = currencyCurrent();
  const minor = bonusBalanceOf(balances, currency);
  if (minor <= 0) return null;
  const amount = moneyText(minor, currency, i18n.language, variantCurrent().flags.abbreviateThousands);
  return (
    <span className={styles.bonus}>
      <span className={styles.bonusLabel}>{t('header.bonus')}</span> <span className={styles.bonusAmount}>{amount}</span>
    </span>
  );
}
