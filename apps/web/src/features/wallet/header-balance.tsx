import { TIMERS } from '@piranha/domain';
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { currencyCurrent } from '../../shared/variant/currency-choice.ts';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';
import { useBalanceQuery } from './api/balance.ts';
import styles from './header-balance.module.css';
import { moneyText } from '../../shared/money/money.ts';

/**
 * The signed-in header: balance refreshed every 10 s; a tap refreshes it with a spinner that shows for at
 * least 1 s so the player sees it happened. Inside a partner's page the BRG header shows the client's balance instead
 * (features/partner-bridge, decision 064).
 */
export function HeaderBalance() {
  const { t, i18n } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const { data, refetch } = useBalanceQuery(uid);
  const [spinning, setSpinning] = useState(false);
  const variant = variantCurrent();

  const refresh = async () => {
    setSpinning(true);
    await Promise.all([refetch(), new Promise((resolve) => setTimeout(resolve, TIMERS.balanceSpinnerMinMs))]);
    setSpinning(false);
  };

  const currency = currencyCurrent();
  const display = data?.balances.find((entry) => entry.currency === currency) ?? data?.balances[0];
  const amount = display ? moneyText(display.balance_info.balance, display.currency, i18n.language, variant.flags.abbreviateThousands) : undefined;

  return (
    <button
      type="button"
      className={styles.balance}
      onClick={refresh}
      // The name starts with the amount shown, so a voice user can say what they see (WCAG 2.5.3).
      aria-label={[amount, t('header.refreshBalance')].filter(Boolean).join(', ')}
      aria-busy={spinning}
    >
      <span className={styles.amount}>{amount ?? <Skeleton width="6ch" height={16} />}</span>
      <RefreshCw size={16} aria-hidden="true" className={spinning ? 'spin' : undefined} />
    </button>
  );
}
