import { Check, ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Sheet } from '../../shared/ui/sheet.tsx';
import { currencyChange, currencyCurrent } from '../../shared/variant/currency-choice.ts';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';
import { useCurrencyInfoQuery } from './api/currency-info.ts';
import styles from './currency-selector.module.css';

/**
 * The wallet currency of a multi-currency brand (spec §3 currency info, §4 currency change): a chip with the
 * current code; choosing another one clears the message cache, stores the choice and reloads the app.
 * Brands with one currency show nothing.
 */
export function CurrencySelector() {
  const { t } = useTranslation();
  const variant = variantCurrent();
  const multi = variant.currencies.length > 1;
  const [open, setOpen] = useState(false);
  const info = useCurrencyInfoQuery(multi && open);
  if (!multi) return null;
  const current = currencyCurrent();
  const choices = (info.data?.list ?? []).filter((entry) => entry.enabled === 1);
  return (
    <>
      <button
        type="button"
        className={styles.chip}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={t('payments.currency.change', { code: current })}
      >
        {current}
        <ChevronDown size={14} aria-hidden="true" />
      </button>
      {open ? (
        <Sheet title={t('payments.currency.title')} onClose={() => setOpen(false)}>
          <ul className={styles.list}>
            {(choices.length > 0 ? choices : variant.currencies.map((code) => ({ currency: code, symbol: code, network: '', id: code }))).map((entry) => (
              <li key={entry.currency}>
                <button
                  type="button"
                  className={styles.option}
                  aria-current={entry.currency === current ? 'true' : undefined}
                  onClick={() => {
                    if (!currencyChange(entry.currency)) setOpen(false);
                  }}
                >
                  <span className={styles.code}>{entry.currency}</span>
                  <span className={styles.meta}>{entry.network ? `${entry.symbol} · ${entry.network}` : entry.symbol}</span>
                  {entry.currency === current ? <Check size={18} aria-hidden="true" /> : null}
                </button>
              </li>
            ))}
          </ul>
        </Sheet>
      ) : null}
    </>
  );
}
