import { Check, ChevronRight, Percent } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { ODDS_FORMATS, useOddsFormat, useOddsFormatStore } from '../../shared/odds/odds-format-store.ts';
import { oddsText } from '../../shared/odds/odds.ts';
import { Sheet } from '../../shared/ui/sheet.tsx';
import styles from './settings-menu.module.css';

/**
 * Example prices each choice is shown with, so the player sees what changes: a favourite and an outsider, since
 * Hong Kong and Malay agree below 2.00 and differ only above it.
 */
const EXAMPLE_ODDS = [1.8, 2.5] as const;

/**
 * Settings row: how odds are shown (decimal, American, Hong Kong, Malay or Indonesian). Display only; bets are
 * always sent in decimal.
 */
export function OddsFormatRow() {
  const { t } = useTranslation();
  const format = useOddsFormat();
  const choose = useOddsFormatStore((state) => state.choose);
  const [open, setOpen] = useState(false);
  return (
    <li>
      <button type="button" className={styles.row} onClick={() => setOpen(true)}>
        <Percent size={20} aria-hidden="true" />
        <span className={styles.label}>{t('sports.oddsFormat.title')}</span>
        <span className={styles.value} data-testid="odds-format">
          {t(`sports.oddsFormat.${format}`)}
        </span>
        <ChevronRight size={18} aria-hidden="true" />
      </button>
      {open ? (
        <Sheet title={t('sports.oddsFormat.title')} onClose={() => setOpen(false)}>
          <ul className={styles.choices} role="radiogroup" aria-label={t('sports.oddsFormat.title')}>
            {ODDS_FORMATS.map((option) => (
              <li key={option} role="none">
                <button
                  type="button"
                  role="radio"
                  aria-checked={option === format}
                  className={styles.choice}
                  onClick={() => {
                    choose(option);
                    setOpen(false);
                  }}
                >
                  <span className={styles.label}>{t(`sports.oddsFormat.${option}`)}</span>
                  <span className={styles.value} dir="ltr">
                    {EXAMPLE_ODDS.map((odds) => oddsText(odds, option)).join(' · ')}
                  </span>
                  {option === format ? <Check size={18} aria-hidden="true" /> : <span className={styles.checkSpace} aria-hidden="true" />}
                </button>
              </li>
            ))}
          </ul>
        </Sheet>
      ) : null}
    </li>
  );
}
