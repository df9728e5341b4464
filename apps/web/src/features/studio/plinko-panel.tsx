import type { RoundView } from '@piranha/contract';
import { PLINKO_RISKS, PLINKO_ROWS, PLINKO_TABLES, type PlinkoRisk, type PlinkoRows } from '@piranha/domain';
import { useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import type { PanelProps } from './panel-props.ts';
import { PlinkoBoard } from './plinko-board.tsx';
import styles from './studio.module.css';

const RISK_LABELS: Record<PlinkoRisk, 'casino.studio.riskLow' | 'casino.studio.riskMedium' | 'casino.studio.riskHigh'> = {
  low: 'casino.studio.riskLow',
  medium: 'casino.studio.riskMedium',
  high: 'casino.studio.riskHigh',
};

/** Plinko: choose rows and risk, drop the ball; it lands in a bin whose multiplier pays the stake. */
export default function PlinkoPanel({ stakeMinor, play, settle, busy, setBusy, instant, formatMoney }: PanelProps) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<PlinkoRows>(12);
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const [drop, setDrop] = useState<{ path: number[]; id: number } | null>(null);
  const [message, setMessage] = useState<{ text: string; won: boolean } | null>(null);
  const pending = useRef<RoundView | null>(null);

  const start = async () => {
    setBusy(true);
    setMessage(null);
    const round = await play({ rows, risk });
    if (!round || round.outcome.kind !== 'plinko') {
      setBusy(false);
      return;
    }
    pending.current = round;
    setDrop({ path: round.outcome.path, id: (drop?.id ?? 0) + 1 });
  };

  const landed = () => {
    const round = pending.current;
    if (!round || round.outcome.kind !== 'plinko') return;
    pending.current = null;
    const x = (round.outcome.multiplierBp / 10_000).toString();
    setMessage(round.win > 0 ? { text: `${x}× · ${formatMoney(round.win)}`, won: round.win >= round.bet } : { text: `${x}×`, won: false });
    settle(round);
    setBusy(false);
  };

  return (
    <>
      <PlinkoBoard
        rows={rows}
        multipliersBp={PLINKO_TABLES[rows][risk].map((hundredths) => hundredths * 100)}
        path={drop?.path ?? null}
        dropId={drop?.id ?? 0}
        instant={instant}
        onLanded={landed}
      />
      <p className={styles.winBanner} data-won={message?.won} aria-live="polite" data-testid="round-result">
        {message?.text ?? ''}
      </p>
      <div className={styles.fieldRow}>
        <label className={styles.field}>
          {t('casino.studio.rows')}
          <select value={rows} disabled={busy} onChange={(event) => setRows(Number(event.target.value) as PlinkoRows)}>
            {PLINKO_ROWS.map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          {t('casino.studio.risk')}
          <select value={risk} disabled={busy} onChange={(event) => setRisk(event.target.value as PlinkoRisk)}>
            {PLINKO_RISKS.map((level) => (
              <option key={level} value={level}>
                {t(RISK_LABELS[level])}
              </option>
            ))}
          </select>
        </label>
      </div>
      <button type="button" className={styles.play} onClick={start} disabled={busy || stakeMinor <= 0}>
        {t('casino.studio.drop')}
      </button>
    </>
  );
}
