import { Check } from 'lucide-react';
import { createPortal } from 'react-dom';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Sheet } from '../../shared/ui/sheet.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { currencyChange } from '../../shared/variant/currency-choice.ts';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';
import { useCurrencyInfoQuery } from './api/currency-info.ts';
import styles from './currency-selector.module.css';

/**
 * The currency selector: the brand's currencies in the server's selector order, with their network for crypto.
 * Choosing another one clears the message cache, stores the choice and reloads the app (spec §4).
 */
export default function CurrencySheet({ current, onClose }: { current: string; onClose: () => void }) {
  const { t } = useTranslation();
  const info = useCurrencyInfoQuery(true);
  const offered = variantCurrent().currencies as readonly string[];
  const choices = (info.data?.list ?? []).filter((entry) => entry.enabled === 1 && offered.includes(entry.currency));
  // Portalled to the body: the header's backdrop blur would otherwise become the sheet's containing block.
  return createPortal(
    <Sheet title={t('payments.currency.title')} onClose={onClose}>
      {info.isPending ? (
        <Skeleton height={160} />
      ) : (
        <ul className={styles.list}>
          {(choices.length > 0 ? choices : offered.map((code) => ({ currency: code, symbol: code, network: '' }))).map((entry) => (
            <li key={entry.currency}>
              <button
                type="button"
                className={styles.option}
                aria-current={entry.currency === current ? 'true' : undefined}
                onClick={() => {
                  if (!currencyChange(entry.currency)) onClose();
                }}
              >
                <span className={styles.code}>{entry.currency}</span>
                <span className={styles.meta}>{entry.network ? `${entry.symbol} · ${entry.network}` : entry.symbol}</span>
                {entry.currency === current ? <Check size={18} aria-hidden="true" /> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </Sheet>,
    document.body,
  );
}
