import { LOCALES, localeToIntl, type Locale } from '@piranha/domain';
import { languageSaveToAccount } from './api/language-save.ts';
import { LANGUAGE_NATIVE_NAMES } from './native-names.ts';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { languageChange } from '../../shared/i18n/i18n.ts';
import { toastShow } from '../../shared/ui/toast-store.ts';
import listCard from '../../shared/ui/list-card.module.css';
import styles from './language-list.module.css';

export function LanguageList() {
  const { t, i18n } = useTranslation();
  // The tapped language shows as chosen at once; the switch itself waits for its catalogue to download.
  const [pending, setPending] = useState<Locale>();
  const choose = async (locale: Locale) => {
    setPending(locale);
    try {
      await languageChange(locale);
    } finally {
      setPending(undefined);
    }
    void languageSaveToAccount(locale);
    toastShow({ kind: 'success', text: t('language.changed') });
  };
  return (
    <ul className={`${listCard.listCard} ${styles.rows}`} role="radiogroup" aria-label={t('language.title')}>
      {LOCALES.map((locale) => (
        <li key={locale} role="none">
          <label className={styles.option}>
            <input type="radio" name="language" value={locale} checked={(pending ?? i18n.language) === locale} onChange={() => void choose(locale)} />
            <span className={styles.native} lang={localeToIntl(locale)}>
              {LANGUAGE_NATIVE_NAMES[locale]}
            </span>
            <span className={styles.code}>{locale}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}
