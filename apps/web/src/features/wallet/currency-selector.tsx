import { ChevronDown } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { currencyCurrent } from '../../shared/variant/currency-choice.ts';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';
import styles from './currency-selector.module.css';

// The sheet brings the finance contract with it; it loads on the first tap, not with the header.
const CurrencySheet = lazy(() => import('./currency-sheet.tsx'));

/**
 * The wallet currency of a multi-currency brand (spec §3 currency info, §4 currency change): a chip with the
 * current code that opens the selector. Brands with one currency show nothing.
 */
export function CurrencySelector() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (variantCurrent().currencies.length < 2) return null;
  const current = currencyCurrent();
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
        <Suspense fallback={null}>
          <CurrencySheet current={current} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
