import { isCurrencyCode, currencyGet, minorUnits } from '@piranha/domain';
import { useId } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { amountFractionDigitsOf, amountMinorParse, amountMinorText, moneyChipText } from '../../shared/money/money.ts';
import styles from './payments.module.css';

export interface AmountFieldProps {
  label: string;
  currency: string;
  text: string;
  onText: (text: string) => void;
  quickAmounts: readonly number[];
  /** The limits line under the input ("Min … · Max today …"). */
  hint: string;
  error?: string;
}

/** The amount box with the currency beside it and the quick-amount buttons of spec §9. */
export function AmountField({ label, currency, text, onText, quickAmounts, hint, error }: AmountFieldProps) {
  const { i18n } = useTranslation();
  const id = useId();
  const symbol = isCurrencyCode(currency) ? currencyGet(currency).symbol : currency;
  const typed = amountMinorParse(text, 2, amountFractionDigitsOf(currency));
  return (
    <div className={styles.section}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <div className={styles.copyRow}>
        <span className={styles.prefix} aria-hidden="true">
          {symbol}
        </span>
        <input
          id={id}
          className={styles.select}
          style={{ flex: 1, minWidth: 0, fontSize: 20, fontWeight: 700 }}
          inputMode={amountFractionDigitsOf(currency) === 0 ? 'numeric' : 'decimal'}
          autoComplete="off"
          value={text}
          onChange={(event) => onText(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
      </div>
      {quickAmounts.length > 0 ? (
        <div className={styles.chips}>
          {quickAmounts.map((amount) => (
            <button
              key={amount}
              type="button"
              className={styles.chip}
              aria-pressed={typed === amount}
              onClick={() => onText(amountMinorText(minorUnits(amount)))}
            >
              {moneyChipText(amount, currency, i18n.language)}
            </button>
          ))}
        </div>
      ) : null}
      <p id={`${id}-hint`} className={styles.hint}>
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
