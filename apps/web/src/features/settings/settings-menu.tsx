import { currencyGet, isLocale } from '@piranha/domain';
import { ChevronRight, Coins, Languages, LifeBuoy, Mail, ShieldCheck, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { Link } from '../../shared/router/router.tsx';
import { paths } from '../../shared/paths/paths.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { buttonClassName } from '../../shared/ui/button.tsx';
import { Sheet } from '../../shared/ui/sheet.tsx';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';
import { LANGUAGE_NATIVE_NAMES } from './native-names.ts';
import { OddsFormatRow } from './odds-format-row.tsx';
import listCard from '../../shared/ui/list-card.module.css';
import styles from './settings-menu.module.css';

export function SettingsMenu({ languagePath, accountPath }: { languagePath: string; accountPath: string }) {
  const { t, i18n } = useTranslation();
  const signedIn = useSessionStore((state) => state.login !== undefined);
  const [supportOpen, setSupportOpen] = useState(false);
  const variant = variantCurrent();
  const languageName = isLocale(i18n.language) ? LANGUAGE_NATIVE_NAMES[i18n.language] : i18n.language;
  return (
    <>
      <ul className={`${listCard.listCard} ${styles.rows}`}>
        {signedIn ? (
          <li>
            <Link to={accountPath} className={styles.row}>
              <UserRound size={20} aria-hidden="true" />
              <span className={styles.label}>{t('profile.menuRow')}</span>
              <ChevronRight size={18} aria-hidden="true" />
            </Link>
          </li>
        ) : null}
        {signedIn ? (
          <li>
            <Link to={paths.saferPlay} className={styles.row} data-testid="safer-play-row">
              <ShieldCheck size={20} aria-hidden="true" />
              <span className={styles.label}>{t('saferPlay.title')}</span>
              <ChevronRight size={18} aria-hidden="true" />
            </Link>
          </li>
        ) : null}
        <li>
          <Link to={languagePath} className={styles.row}>
            <Languages size={20} aria-hidden="true" />
            <span className={styles.label}>{t('setting.language')}</span>
            <span className={styles.value}>{languageName}</span>
            <ChevronRight size={18} aria-hidden="true" />
          </Link>
        </li>
        <li>
          <div className={`${styles.row} ${styles.static}`}>
            <Coins size={20} aria-hidden="true" />
            <span className={styles.label}>{t('setting.currency')}</span>
            <span className={styles.value} data-testid="currency">
              {currencyGet(variant.currency).symbol} · {variant.currency}
            </span>
          </div>
        </li>
        <OddsFormatRow />
        <li>
          <button type="button" className={styles.row} onClick={() => setSupportOpen(true)}>
            <LifeBuoy size={20} aria-hidden="true" />
            <span className={styles.label}>{t('setting.support')}</span>
            <ChevronRight size={18} aria-hidden="true" />
          </button>
        </li>
      </ul>
      <p className={styles.version}>{t('setting.version', { version: `${variant.cvPrefix}_1.0.0` })}</p>
      {supportOpen ? (
        <Sheet title={t('setting.supportTitle')} onClose={() => setSupportOpen(false)}>
          <div className={styles.contact}>
            <p>{t('setting.supportBody')}</p>
            <a className={buttonClassName({ variant: 'primary', block: true })} href={`mailto:${variant.supportEmail}`}>
              <Mail size={18} aria-hidden="true" />
              {variant.supportEmail}
            </a>
            <a className={buttonClassName({ variant: 'ghost', block: true })} href={variant.supportContact} target="_blank" rel="noopener noreferrer">
              {t('setting.supportSite')}
            </a>
          </div>
        </Sheet>
      ) : null}
    </>
  );
}
