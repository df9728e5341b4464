import { TIMERS } from '@piranha/domain';
import { ArrowDown, ArrowUp, Lock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate.ts';
import { useOddsFormat } from '../../../shared/odds/odds-format-store.ts';
import { oddsText } from '../../../shared/odds/odds.ts';
import { useSlipPicked } from '../../../shared/slip/slip-picks.ts';
import { oddsDirection, optionLocked } from '../markets.ts';
import type { OddsSelect, OddsSelection } from '../odds-selection.ts';
import styles from './odds-button.module.css';

/**
 * One price. A change since the last poll flashes green (up) or red (down) for 2 s (spec §4, §9); a locked option
 * (market not open, or negative odds) shows a lock and cannot be tapped. A price in the bet slip shows picked (as
 * every book does) and says so as a pressed toggle: a second tap takes it out.
 */
export function OddsButton({
  selection,
  marketStatus,
  label,
  line,
  inline = false,
  onSelect,
}: {
  selection: OddsSelection;
  marketStatus: number;
  label?: string;
  /** A handicap line shown after the label and never cut, however long the label. */
  line?: string;
  /** Label and price on one line (cards); otherwise the label sits above the price (match detail). */
  inline?: boolean;
  onSelect?: OddsSelect;
}) {
  const { t } = useTranslation();
  const format = useOddsFormat();
  const picked = useSlipPicked(selection);
  const odds = selection.odds;
  const [seen, setSeen] = useState(odds);
  // Compared with the last open price, so a market that reopens re-priced after a suspension flashes too.
  const [lastOpen, setLastOpen] = useState(odds > 1 ? odds : undefined);
  const [flash, setFlash] = useState<{ direction: 'up' | 'down'; serial: number }>();
  if (odds !== seen) {
    setSeen(odds);
    if (odds > 1) {
      setLastOpen(odds);
      const direction = oddsDirection(lastOpen, odds);
      setFlash(direction ? { direction, serial: (flash?.serial ?? 0) + 1 } : undefined);
    }
  }
  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(undefined), TIMERS.oddsChangeHighlightMs);
    return () => clearTimeout(timer);
  }, [flash]);

  const locked = optionLocked(marketStatus, odds);
  const text = locked ? undefined : oddsText(odds, format);
  // A price that moved and then locked shows only the lock.
  const shownFlash = locked ? undefined : flash;
  const changed = shownFlash ? (shownFlash.direction === 'up' ? t('sports.odds.up') : t('sports.odds.down')) : '';
  return (
    <button
      type="button"
      className={[
        styles.odds,
        inline ? styles.inline : '',
        picked ? styles.picked : '',
        shownFlash ? styles[shownFlash.direction] : '',
        locked ? styles.locked : '',
      ]
        .filter(Boolean)
        .join(' ')}
      disabled={locked || text === undefined}
      data-odds={locked ? undefined : odds}
      data-flash={shownFlash?.direction}
      aria-pressed={picked}
      onClick={() => onSelect?.(selection)}
    >
      {/* The name is the button's own text (selection, line, price, move), so it always contains what is shown. */}
      {label ? (
        <span className={styles.labelRow}>
          <span className={styles.label}>{label}</span>
          {line ? <span className={styles.line}> {line}</span> : null}
        </span>
      ) : (
        <span className="visually-hidden">{[selection.name, line].filter(Boolean).join(' ')}</span>
      )}
      <span className="visually-hidden">, </span>
      {locked || text === undefined ? (
        <>
          <Lock size={14} aria-hidden="true" />
          <span className="visually-hidden">{t('sports.odds.locked')}</span>
        </>
      ) : (
        <span className={styles.price}>
          {shownFlash?.direction === 'up' ? <ArrowUp size={12} aria-hidden="true" /> : null}
          {shownFlash?.direction === 'down' ? <ArrowDown size={12} aria-hidden="true" /> : null}
          {text}
        </span>
      )}
      {changed ? <span className="visually-hidden">, {changed}</span> : null}
    </button>
  );
}
