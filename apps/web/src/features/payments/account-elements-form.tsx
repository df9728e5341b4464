import type { TFunction } from '../../shared/i18n/translate.ts';
import { Fragment, useId } from 'react';
import { Button } from '../../shared/ui/button.tsx';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { TextField } from '../../shared/ui/text-field.tsx';
import type { ElementProblem, ElementRule } from './account-element-check.ts';
import styles from './payments.module.css';

export interface ElementView extends ElementRule {
  value: string;
  /** The server accepted the saved value but asks the player to re-read it (`checksum`: a check digit that does not compute). */
  warning?: string;
}

/** Field names the catalogue has a label for; anything else the server adds shows its own name. */
const KNOWN_FIELDS = new Set([
  'phone',
  'document_type',
  'document',
  'account_type',
  'bank_code',
  'account_number',
  'clabe',
  'pix_key_type',
  'pix_key',
  'holder_name',
  'address',
  'network',
  'ifsc',
  'email',
]);

export function useFieldLabel() {
  const { t } = useTranslation();
  return (name: string): string => (KNOWN_FIELDS.has(name) ? t(`payments.field.${name}` as 'payments.field.phone') : name);
}

/** The text under a field: what is wrong with it, naming it. */
export function useProblemText() {
  const { t } = useTranslation();
  const label = useFieldLabel();
  return (name: string, problem: ElementProblem): string => {
    const field = label(name);
    switch (problem.code) {
      case 'required':
        return t('payments.withdraw.fieldRequired', { field });
      case 'phoneLength':
        return problem.min === problem.max
          ? t('payments.withdraw.phoneDigitsExact', { field, digits: problem.min })
          : t('payments.withdraw.phoneDigitsRange', { field, min: problem.min, max: problem.max });
      case 'length':
        return problem.min === problem.max
          ? t('payments.withdraw.lengthExact', { field, chars: problem.min })
          : t('payments.withdraw.lengthRange', { field, min: problem.min, max: problem.max });
      case 'option':
        return t('payments.withdraw.fieldChoose', { field });
      case 'checksum':
        return t('payments.withdraw.fieldChecksum', { field });
      case 'policy':
        return t('payments.withdraw.fieldPolicy', { field });
      case 'notMobile':
        return t('payments.withdraw.fieldNotMobile', { field });
      case 'pixKey':
        return t(`payments.withdraw.pixKey${problem.type}`);
      case 'invalid':
        return t('payments.withdraw.fieldInvalid', { field });
    }
  };
}

function optionLabel(t: TFunction, name: string, option: string, banks: ReadonlyMap<string, string>): string {
  if (name === 'account_type' && (option === 'savings' || option === 'checking')) return t(`payments.option.${option}`);
  if (name === 'bank_code') return banks.get(option) ?? option;
  if (name === 'pix_key_type' && (option === 'PHONE' || option === 'EMAIL' || option === 'EVP')) return t(`payments.option.pix${option}`);
  return option;
}

/**
 * The account the player saved for the method, offered again (identity numbers masked, withdraw-model.ts
 * `savedAccountLines`) with a way to change it; the payout goes to it without typing anything again.
 */
export function SavedAccountCard({
  lines,
  banks,
  onChange,
}: {
  lines: readonly { name: string; value: string }[];
  banks: ReadonlyMap<string, string>;
  onChange: () => void;
}) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  return (
    <div className={styles.savedAccount} data-testid="saved-account">
      <p className={styles.hint}>{t('payments.withdraw.savedAccount')}</p>
      <dl className={styles.rows}>
        {lines.map((line) => (
          <Fragment key={line.name}>
            <dt>{label(line.name)}</dt>
            <dd>{optionLabel(t, line.name, line.value, banks)}</dd>
          </Fragment>
        ))}
      </dl>
      <Button variant="ghost" compact onClick={onChange}>
        {t('payments.withdraw.changeAccount')}
      </Button>
    </div>
  );
}

/**
 * The payout account of one method (spec §5): phone with the method's country code, document type and number,
 * account type, bank, CLABE, PIX key… in the order the server lists them, each with its own message.
 */
export function AccountElementsForm({
  elements,
  values,
  onValue,
  problems,
  banks,
}: {
  elements: readonly ElementView[];
  values: Readonly<Record<string, string>>;
  onValue: (name: string, value: string) => void;
  problems: Readonly<Record<string, string | undefined>>;
  banks: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  const selectId = useId();
  return (
    <>
      {elements.map((element) => {
        const value = values[element.name] ?? '';
        const error = problems[element.name];
        const options = element.name === 'bank_code' && element.options.length === 0 ? [...banks.keys()] : element.options;
        if (element.kind === 'select') {
          const id = `${selectId}-${element.name}`;
          return (
            <div key={element.name} className={styles.section}>
              <label className={styles.label} htmlFor={id}>
                {label(element.name)}
              </label>
              <select
                id={id}
                className={styles.select}
                value={value}
                onChange={(event) => onValue(element.name, event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
              >
                <option value="">{t('payments.withdraw.choose')}</option>
                {options.map((option) => (
                  <option key={option} value={option}>
                    {optionLabel(t, element.name, option, banks)}
                  </option>
                ))}
              </select>
              {error ? (
                <p id={`${id}-error`} className={styles.error} role="alert">
                  {error}
                </p>
              ) : null}
            </div>
          );
        }
        const phone = element.kind === 'phone';
        const name =
          phone && element.country_code
            ? t('payments.withdraw.phoneWithCode', { field: label(element.name), code: element.country_code })
            : label(element.name);
        return (
          <TextField
            key={element.name}
            label={name}
            value={value}
            onChange={(event) => onValue(element.name, event.target.value)}
            error={error}
            type={phone ? 'tel' : 'text'}
            inputMode={phone ? 'tel' : element.name === 'clabe' ? 'numeric' : undefined}
            autoComplete={phone ? 'tel-national' : element.name === 'holder_name' ? 'name' : 'off'}
            spellCheck={false}
          >
            {/* Only while the saved value is the one shown: an edit is checked again when it is saved. */}
            {element.warning === 'checksum' && !error && value === element.value ? (
              <p className={styles.hint} role="status">
                {t('payments.withdraw.checksumWarning', { field: label(element.name) })}
              </p>
            ) : null}
          </TextField>
        );
      })}
    </>
  );
}
