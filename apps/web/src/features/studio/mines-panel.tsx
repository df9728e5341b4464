import type { RoundView } from '@piranha/contract';
import { BP, intlLocaleOf, MINES_MAX, MINES_MIN, minesMultiplierBp } from '@piranha/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { MinesBoard } from './mines-board.tsx';
import type { PanelProps } from './panel-props.ts';
import styles from './studio.module.css';

/** Mines: bet, open tiles one by one (each safe tile raises the multiplier), cash out before a mine. */
export default function MinesPanel({ stakeMinor, openRound, play, action, settle, busy, setBusy, formatMoney }: PanelProps) {
  const { t, i18n } = useTranslation();
  const [round, setRound] = useState<RoundView | null>(openRound && openRound.outcome.kind === 'mines' ? openRound : null);
  const [mines, setMines] = useState(openRound?.outcome.kind === 'mines' ? openRound.outcome.mines : 3);
  const [pending, setPending] = useState<number | null>(null);
  const outcome = round?.outcome.kind === 'mines' ? round.outcome : null;
  const open = outcome?.status === 'open';
  // A resumed round keeps the stake locked until it ends.
  useEffect(() => {
    if (open) setBusy(true);
  }, [open, setBusy]);

  const finish = (next: RoundView) => {
    setRound(next);
    if (next.outcome.kind === 'mines' && next.outcome.status !== 'open') {
      settle(next);
      setBusy(false);
    }
  };

  const start = async () => {
    setBusy(true);
    const next = await play({ mines });
    if (!next) {
      setBusy(false);
      return;
    }
    setRound(next);
  };

  const pick = async (tile: number) => {
    if (!round) return;
    setPending(tile);
    const next = await action(round.round_id, 'reveal', { tile });
    setPending(null);
    if (next) finish(next);
  };

  const cashOut = async () => {
    if (!round) return;
    const next = await action(round.round_id, 'cashout');
    if (next) finish(next);
  };

  const safe = outcome?.revealed.filter((tile) => !outcome.minePositions.includes(tile)).length ?? 0;
  const activeMines = outcome?.mines ?? mines;
  const nextBp = minesMultiplierBp(activeMines, safe + 1);
  const x = (bp: number) => `${(bp / BP).toLocaleString(intlLocaleOf(i18n.language), { maximumFractionDigits: 2 })}×`;

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
          <button type="button" className={styles.play} onClick={start} disabled={busy || stakeMinor <= 0}>
            {t('casino.studio.bet')}
          </button>
        </>
      )}
    </>
  );
}
