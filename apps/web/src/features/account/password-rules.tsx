import { passwordRulesBroken, type PasswordRule } from '@piranha/contract';
import { Check, Circle } from 'lucide-react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import styles from './account-forms.module.css';

const RULES: readonly PasswordRule[] = ['length', 'letter', 'digit'];
const KEYS = { length: 'account.ruleLength', letter: 'account.ruleLetter', digit: 'account.ruleDigit' } as const;

/** The password rules, ticked off as the player types. */
export function PasswordRules({ password }: { password: string }) {
  const { t } = useTranslation();
  const broken = passwordRulesBroken(password);
  return (
    <ul className={styles.rules} aria-live="polite">
      {RULES.map((rule) => {
        const met = password.length > 0 && !broken.includes(rule);
        return (
          <li key={rule} className={met ? styles.ruleMet : undefined}>
            {met ? <Check size={14} aria-hidden="true" /> : <Circle size={14} aria-hidden="true" />} {t(KEYS[rule])}
          </li>
        );
      })}
    </ul>
  );
}
