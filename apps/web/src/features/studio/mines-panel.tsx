import { BP, MINES_MAX, MINES_MIN, minesMultiplierBp } from '@piranha/domain';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { MinesBoard } from './mines-board.tsx';
import type { PanelProps } from './panel-props.ts';
import { multiplierText, useStepRound } from './step-round.ts';
import styles from './studio.module.css';

/** Mines: bet, open tiles one by one (each safe tile raises the multiplier), cash out before a mine. */
export default function MinesPanel(props: PanelProps) {
  const { stakeMinor, openRound, busy, formatMoney } = props;
  const { t, i18n } = useTranslation();
  const { round, outcome, open, pending, start, step, cashOut } = useStepRound('mines', props);
  const [mines, setMines] = useState(openRound?.outcome.kind === 'mines' ? openRound.outcome.mines : 3);
  const pick = (tile: number) => step('reveal', tile);

  const safe = outcome?.revealed.filter((tile) => !outcome.minePositions.includes(tile)).length ?? 0;
  const activeMines = outcome?.mines ?? mines;
  const nextBp = minesMultiplierBp(activeMines, safe + 1);
  const x = (bp: number) => multiplierText(bp, i18n.language);

  let banner: { text: string; won: boolean } | null = null;
  if (outcome?.status === 'busted') banner = { text: t('casino.studio.minesBusted'), won: false };
  if (outcome?.status === 'cashed') banner = { text: t('casino.studio.youWon', { amount: formatMoney(round!.win) }), won: true };

  return (
    <>
      <MinesBoard
        revealed={outcome?.revealed ?? []}
        minePositions={outcome?.minePositions ?? []}
        pending={pending}
        canPick={open}
        tileLabel={(tile) => t('casino.studio.tile', { row: Math.floor(tile / 5) + 1, column: (tile % 5) + 1 })}
        onPick={pick}
      />
      <div className={styles.stats}>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('casino.studio.current')}</span>
          <span className={styles.statValue}>{open ? x(outcome!.multiplierBp) : '—'}</span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('casino.studio.nextTile')}</span>
          <span className={styles.statValue}>{x(nextBp)}</span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('casino.studio.gemsLeft')}</span>
          <span className={styles.statValue}>{25 - activeMines - safe}</span>
        </div>
      </div>
      <p className={styles.winBanner} data-won={banner?.won} aria-live="polite" data-testid="round-result">
        {banner?.text ?? ''}
      </p>
      {open ? (
        <button type="button" className={`${styles.play} ${styles.secondary}`} onClick={cashOut} disabled={safe === 0 || pending !== null}>
          {t('casino.studio.cashOut', { amount: formatMoney(Math.floor((round!.bet * outcome!.multiplierBp) / BP)) })}
        </button>
      ) : (
        <>
          <label className={styles.field}>
            {t('casino.studio.minesCount')}
            <select value={mines} disabled={busy} onChange={(event) => setMines(Number(event.target.value))}>
              {Array.from({ length: MINES_MAX - MINES_MIN + 1 }, (_, index) => MINES_MIN + index).map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className={styles.play} onClick={() => void start({ mines })} disabled={busy || stakeMinor <= 0}>
            {t('casino.studio.bet')}
          </button>
        </>
      )}
    </>
  );
}
