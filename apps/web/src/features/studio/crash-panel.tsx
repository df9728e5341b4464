import { CRASH_CASHOUT_MAX, CRASH_CASHOUT_MIN, type CrashOutcome } from '@piranha/domain';
import type { RoundView } from '@piranha/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { crashDurationMs, crashMultiplierAt } from './crash-timeline.ts';
import type { PanelProps } from './panel-props.ts';
import styles from './studio.module.css';
import crashStyles from './crash-panel.module.css';

const PRESETS = [150, 200, 500, 1000];
const W = 360;
const H = 240;

function curvePath(multiplier: number, crashPoint: number): string {
  // x is time, y the multiplier on a scale that always leaves headroom above the current value.
  const top = Math.max(200, multiplier * 1.15);
  const duration = Math.max(1, crashDurationMs(crashPoint));
  const now = Math.log(multiplier / 100) / Math.log(Math.max(crashPoint, 101) / 100);
  const points: string[] = [];
  for (let step = 0; step <= 40; step += 1) {
    const t = (step / 40) * now;
    const m = crashMultiplierAt(t * duration, crashPoint);
    const x = 16 + (step / 40) * (W - 40);
    const y = H - 16 - ((m - 100) / (top - 100)) * (H - 40);
    points.push(`${x.toFixed(1)},${y.toFixed(1)}`);
  }
  return `M${points.join(' L')}`;
}

/** Crash: choose an automatic cash-out; the multiplier climbs until it crashes; cashed out if it got there. */
export default function CrashPanel({ stakeMinor, play, settle, busy, setBusy, instant, formatMoney }: PanelProps) {
  const { t } = useTranslation();
  const [cashout, setCashout] = useState(200);
  const [run, setRun] = useState<{ round: RoundView; outcome: CrashOutcome } | null>(null);
  const [multiplier, setMultiplier] = useState(100);
  const [done, setDone] = useState(false);
  const frame = useRef(0);

  useEffect(() => {
    if (!run) return;
    const { outcome, round } = run;
    const started = performance.now();
    const finish = () => {
      setMultiplier(outcome.crashPoint);
      setDone(true);
      settle(round);
      setBusy(false);
    };
    if (instant) {
      finish();
      return;
    }
    const tick = (now: number) => {
      const elapsed = now - started;
      setMultiplier(crashMultiplierAt(elapsed, outcome.crashPoint));
      if (elapsed < crashDurationMs(outcome.crashPoint)) frame.current = requestAnimationFrame(tick);
      else finish();
    };
    frame.current = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame.current);
    // One animation per round.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run]);

  const start = async () => {
    setBusy(true);
    setDone(false);
    setMultiplier(100);
    const round = await play({ cashout });
    if (!round || round.outcome.kind !== 'crash') {
      setBusy(false);
      return;
    }
    setRun({ round, outcome: round.outcome });
  };

  const outcome = run?.outcome;
  const cashedOut = outcome ? outcome.won && multiplier >= outcome.cashout : false;
  const crashed = done && outcome !== undefined;
  const cashoutValid = Number.isInteger(cashout) && cashout >= CRASH_CASHOUT_MIN && cashout <= CRASH_CASHOUT_MAX;

  return (
    <>
      <div className={crashStyles.stage} data-crashed={crashed || undefined}>
        <svg viewBox={`0 0 ${W} ${H}`} className={crashStyles.chart} aria-hidden="true">
          {[0.25, 0.5, 0.75].map((f) => (
            <line key={f} x1="16" x2={W - 16} y1={H * f} y2={H * f} stroke="rgba(255,255,255,.07)" />
          ))}
          {outcome ? (
            <>
              <path d={`${curvePath(multiplier, outcome.crashPoint)} L${W - 24},${H - 16} L16,${H - 16}Z`} fill="url(#crash-fill)" opacity={0.5} />
              <path
                d={curvePath(multiplier, outcome.crashPoint)}
                stroke={crashed && !outcome.won ? '#ef4444' : '#f472b6'}
                strokeWidth="5"
                fill="none"
                strokeLinecap="round"
              />
            </>
          ) : null}
          <defs>
            <linearGradient id="crash-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="#f472b6" />
              <stop offset="1" stopColor="#f472b6" stopOpacity="0" />
            </linearGradient>
          </defs>
        </svg>
        <div className={crashStyles.readout} aria-live="polite">
          <span className={crashStyles.multiplier} data-state={crashed ? (outcome!.won ? 'won' : 'lost') : 'running'}>
            {(multiplier / 100).toFixed(2)}×
          </span>
          {crashed ? (
            <span className={crashStyles.caption} data-testid="round-result">
              {t('casino.studio.crashedAt', { value: (outcome!.crashPoint / 100).toFixed(2) })}
            </span>
          ) : null}
          {cashedOut ? (
            <span className={crashStyles.cashed}>
              {t('casino.studio.cashedOutAt', { value: (outcome!.cashout / 100).toFixed(2), amount: formatMoney(run!.round.win) })}
            </span>
          ) : null}
        </div>
      </div>
      <label className={styles.field}>
        {t('casino.studio.autoCashout')}
        <input
          type="number"
          inputMode="decimal"
          min={CRASH_CASHOUT_MIN / 100}
          max={CRASH_CASHOUT_MAX / 100}
          step={0.01}
          value={(cashout / 100).toFixed(2)}
          disabled={busy}
          onChange={(event) => setCashout(Math.round(Number(event.target.value) * 100))}
        />
      </label>
      <div className={styles.options}>
        {PRESETS.map((preset) => (
          <button key={preset} type="button" className={styles.option} aria-pressed={cashout === preset} disabled={busy} onClick={() => setCashout(preset)}>
            {(preset / 100).toFixed(2)}×
          </button>
        ))}
      </div>
      {!cashoutValid ? (
        <p className={styles.error} role="alert">
          {t('casino.studio.cashoutRange', { min: (CRASH_CASHOUT_MIN / 100).toFixed(2), max: CRASH_CASHOUT_MAX / 100 })}
        </p>
      ) : null}
      <button type="button" className={styles.play} onClick={start} disabled={busy || !cashoutValid || stakeMinor <= 0}>
        {t('casino.studio.bet')}
      </button>
    </>
  );
}
