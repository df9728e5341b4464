import { BP, intlLocaleOf, WHEEL_RISKS, WHEEL_SEGMENTS, WHEEL_TABLES, type WheelOutcome, type WheelRisk, type WheelSegments } from '@piranha/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import type { PanelProps } from './panel-props.ts';
import mini from './mini-games.module.css';
import board from './originals.module.css';
import styles from './studio.module.css';

const RISK_LABELS: Record<WheelRisk, 'casino.studio.riskLow' | 'casino.studio.riskMedium' | 'casino.studio.riskHigh'> = {
  low: 'casino.studio.riskLow',
  medium: 'casino.studio.riskMedium',
  high: 'casino.studio.riskHigh',
};

/** A colour per multiplier (hundredths): losing segments dark, the bigger the brighter. */
function colourOf(hundredths: number): string {
  if (hundredths === 0) return '#1e293b';
  if (hundredths < 150) return '#64748b';
  if (hundredths < 190) return '#22c55e';
  if (hundredths < 200) return '#38bdf8';
  if (hundredths < 300) return '#a855f7';
  if (hundredths < 1000) return '#f59e0b';
  return '#ef4444';
}

const SPIN_MS = 2600;

/** Wheel: choose segments and risk; the pointer stops on one segment of the published table. */
export default function WheelPanel({ play, settle, busy, setBusy, instant, formatMoney }: PanelProps) {
  const { t, i18n } = useTranslation();
  const [segments, setSegments] = useState<WheelSegments>(30);
  const [risk, setRisk] = useState<WheelRisk>('medium');
  const [turn, setTurn] = useState(0);
  const [last, setLast] = useState<WheelOutcome | null>(null);
  const [message, setMessage] = useState<{ text: string; won: boolean } | null>(null);
  const table = WHEEL_TABLES[segments][risk];
  const x = (hundredths: number) => `${(hundredths / 100).toLocaleString(intlLocaleOf(i18n.language), { maximumFractionDigits: 2 })}×`;

  const slices = useMemo(() => {
    const step = (Math.PI * 2) / table.length;
    const point = (angle: number, radius: number) => `${(100 + Math.sin(angle) * radius).toFixed(2)} ${(100 - Math.cos(angle) * radius).toFixed(2)}`;
    return table.map((hundredths, index) => (
      <path
        key={index}
        d={`M100 100 L${point(index * step, 96)} A96 96 0 0 1 ${point((index + 1) * step, 96)}Z`}
        fill={colourOf(hundredths)}
        stroke="#0b1224"
        strokeWidth={table.length > 30 ? 0.6 : 1}
      />
    ));
  }, [table]);
  const legend = [...new Set(table)].sort((a, b) => a - b);

  const spin = async () => {
    setBusy(true);
    setMessage(null);
    const round = await play({ segments, risk });
    if (!round || round.outcome.kind !== 'wheel') {
      setBusy(false);
      return;
    }
    const outcome = round.outcome;
    // Turn clockwise so the middle of the segment lands under the pointer at the top, after a few full turns.
    const target = 360 - ((outcome.segment + 0.5) * 360) / outcome.segments;
    setTurn((current) => current - (current % 360) + 360 * (instant ? 1 : 5) + target);
    const finish = () => {
      setLast(outcome);
      setMessage(
        round.win > 0 ? { text: t('casino.studio.youWon', { amount: formatMoney(round.win) }), won: true } : { text: t('casino.studio.noWin'), won: false },
      );
      settle(round);
      setBusy(false);
    };
    if (instant) finish();
    else setTimeout(finish, SPIN_MS);
  };

  return (
    <>
      <div className={board.board}>
        <div className={mini.wheelWrap}>
          <span className={mini.wheelPointer} aria-hidden="true" />
          <svg
            className={mini.wheel}
            viewBox="0 0 200 200"
            role="img"
            aria-label={last ? t('casino.studio.wheelLanded', { x: x(last.multiplierBp / (BP / 100)) }) : t('casino.studio.wheelSegments')}
            style={{ transform: `rotate(${turn}deg)`, transitionDuration: instant ? '0ms' : `${SPIN_MS}ms` }}
            data-testid="wheel"
          >
            {slices}
            <circle cx="100" cy="100" r="22" fill="#0b1224" stroke="#fde68a" strokeWidth="3" />
          </svg>
          <output className={mini.wheelHub} aria-live="polite" data-testid="wheel-result">
            {last ? x(last.multiplierBp / (BP / 100)) : ''}
          </output>
        </div>
        <div className={board.payRow} aria-label={t('casino.info.payTable')}>
          {legend.map((hundredths) => (
            <span key={hundredths} className={board.pay} data-current={last !== null && last.multiplierBp === hundredths * (BP / 100)}>
              <i className={mini.swatch} style={{ background: colourOf(hundredths) }} aria-hidden="true" />
              <strong>{x(hundredths)}</strong>
              {table.filter((value) => value === hundredths).length}/{table.length}
            </span>
          ))}
        </div>
      </div>
      <div className={styles.fieldRow}>
        <label className={styles.field}>
          {t('casino.studio.wheelSegments')}
          <select
            value={segments}
            disabled={busy}
            onChange={(event) => {
              setSegments(Number(event.target.value) as WheelSegments);
              setLast(null);
            }}
          >
            {WHEEL_SEGMENTS.map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          {t('casino.studio.risk')}
          <select
            value={risk}
            disabled={busy}
            onChange={(event) => {
              setRisk(event.target.value as WheelRisk);
              setLast(null);
            }}
          >
            {WHEEL_RISKS.map((value) => (
              <option key={value} value={value}>
                {t(RISK_LABELS[value])}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className={styles.winBanner} data-won={message?.won} aria-live="polite" data-testid="round-result">
        {message?.text ?? ''}
      </p>
      <button type="button" className={styles.play} onClick={spin} disabled={busy}>
        {t('casino.studio.spin')}
      </button>
    </>
  );
}
