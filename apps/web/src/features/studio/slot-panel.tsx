import type { RoundView } from '@piranha/contract';
import { BP, type SlotOutcome } from '@piranha/domain';
import { useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import type { PanelProps } from './panel-props.ts';
import { SlotReels } from './slot-reels.tsx';
import type { SlotTheme } from './slot-symbols.tsx';
import styles from './studio.module.css';

const THEMES: Record<string, { theme: SlotTheme; pool: string[]; reels: number }> = {
  'reef-riches': { theme: 'reef', pool: ['A', 'K', 'Q', 'J', 'starfish', 'shell', 'turtle', 'piranha', 'pearl', 'wild'], reels: 5 },
  'neon-koi': { theme: 'koi', pool: ['A', 'K', 'Q', 'J', 'lantern', 'fan', 'dragon', 'koi', 'coin', 'wild'], reels: 5 },
  'lucky-sevens': { theme: 'sevens', pool: ['cherry', 'bar1', 'bar2', 'bar3', 'bell', 'seven', 'wild'], reels: 3 },
};

function startGrid(pool: readonly string[], reels: number): string[][] {
  return Array.from({ length: reels }, (_, reel) => [0, 1, 2].map((row) => pool[(reel * 3 + row * 4 + 1) % pool.length]!));
}

/** Reef Riches, Neon Koi and Lucky Sevens: one spin, then any free spins it awarded, played out in turn. */
export default function SlotPanel({ gameId, stakeMinor, play, settle, busy, setBusy, instant, formatMoney, freeRounds }: PanelProps) {
  const { t } = useTranslation();
  const { theme, pool, reels } = THEMES[gameId]!;
  const [grid, setGrid] = useState<string[][]>(() => startGrid(pool, reels));
  const [spinId, setSpinId] = useState(0);
  const [winCells, setWinCells] = useState<ReadonlySet<string>>(new Set());
  const [free, setFree] = useState<{ index: number; total: number } | null>(null);
  const [message, setMessage] = useState<{ text: string; won: boolean } | null>(null);
  const sequence = useRef<{ round: RoundView; outcome: SlotOutcome; index: number } | null>(null);

  const show = (index: number) => {
    const current = sequence.current!;
    const spin = current.outcome.spins[index]!;
    current.index = index;
    setWinCells(new Set());
    setGrid(spin.window);
    setFree(spin.free ? { index, total: current.outcome.spins.length - 1 } : null);
    setSpinId((id) => id + 1);
  };

  const onStopped = () => {
    const current = sequence.current;
    if (!current) return;
    const spin = current.outcome.spins[current.index]!;
    const rows = spin.window[0]?.length ?? 3;
    setWinCells(new Set(spin.wins.flatMap((win) => win.cells.map((cell) => `${Math.floor(cell / rows)}:${cell % rows}`))));
    const spinWin = Math.floor((current.round.bet * spin.payBp) / BP);
    const next = current.index + 1;
    if (next < current.outcome.spins.length) {
      if (spin.freeSpinsWon > 0) setMessage({ text: t('casino.studio.freeSpinsWon', { count: spin.freeSpinsWon }), won: true });
      else if (spinWin > 0) setMessage({ text: formatMoney(spinWin), won: true });
      setTimeout(() => show(next), instant ? 0 : spin.wins.length > 0 || spin.freeSpinsWon > 0 ? 1400 : 500);
      return;
    }
    sequence.current = null;
    setMessage(
      current.round.win > 0
        ? { text: t('casino.studio.youWon', { amount: formatMoney(current.round.win) }), won: true }
        : { text: t('casino.studio.noWin'), won: false },
    );
    settle(current.round);
    setBusy(false);
  };

  const spin = async (freeRound = false) => {
    setBusy(true);
    setMessage(null);
    const round = await play({}, undefined, freeRound);
    if (!round || round.outcome.kind !== 'slot') {
      setBusy(false);
      return;
    }
    sequence.current = { round, outcome: round.outcome, index: 0 };
    show(0);
  };

  return (
    <>
      <SlotReels theme={theme} grid={grid} pool={pool} spinId={spinId} winCells={winCells} instant={instant} onStopped={onStopped} />
      <p className={styles.winBanner} data-won={message?.won} aria-live="polite" data-testid="round-result">
        {free ? `${t('casino.studio.freeSpin', { index: free.index, total: free.total })} · ` : ''}
        {message?.text ?? ''}
      </p>
      {freeRounds.remaining > 0 ? (
        <button type="button" className={`${styles.play} ${styles.secondary}`} onClick={() => void spin(true)} disabled={busy}>
          {t('casino.studio.freeRound', { count: freeRounds.remaining, stake: formatMoney(freeRounds.bet) })}
        </button>
      ) : null}
      <button type="button" className={styles.play} onClick={() => void spin()} disabled={busy || stakeMinor <= 0}>
        {t('casino.studio.spin')}
      </button>
    </>
  );
}
