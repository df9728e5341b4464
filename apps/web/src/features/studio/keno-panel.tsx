import { KENO_NUMBERS, KENO_PAYS_BP, KENO_PICKS_MAX, type KenoOutcome } from '@piranha/domain';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import type { PanelProps } from './panel-props.ts';
import board from './originals.module.css';
import styles from './studio.module.css';
import { multiplierText } from './step-round.ts';

const NUMBERS = Array.from({ length: KENO_NUMBERS }, (_, index) => index + 1);

/** Keno: pick 1–10 of 40 numbers, 10 are drawn, the published table pays the hits. */
export default function KenoPanel({ play, settle, busy, setBusy, instant, formatMoney }: PanelProps) {
  const { t, i18n } = useTranslation();
  const [picks, setPicks] = useState<number[]>([]);
  const [last, setLast] = useState<KenoOutcome | null>(null);
  const [shown, setShown] = useState(0);
  const [message, setMessage] = useState<{ text: string; won: boolean } | null>(null);
  const x = (bp: number) => multiplierText(bp, i18n.language);

  const toggle = (n: number) => {
    setLast(null);
    setMessage(null);
    setPicks((current) => (current.includes(n) ? current.filter((p) => p !== n) : current.length < KENO_PICKS_MAX ? [...current, n] : current));
  };
  const autoPick = () => {
    setLast(null);
    setMessage(null);
    const pool = [...NUMBERS];
    const chosen: number[] = [];
    const bytes = new Uint32Array(KENO_PICKS_MAX);
    globalThis.crypto.getRandomValues(bytes);
    for (const value of bytes) chosen.push(pool.splice(value % pool.length, 1)[0]!);
    setPicks(chosen);
  };

  const bet = async () => {
    if (picks.length === 0) return;
    setBusy(true);
    setMessage(null);
    const round = await play({ picks });
    if (!round || round.outcome.kind !== 'keno') {
      setBusy(false);
      return;
    }
    const outcome = round.outcome;
    setLast(outcome);
    const finish = () => {
      setMessage(
        round.win > 0 ? { text: t('casino.studio.youWon', { amount: formatMoney(round.win) }), won: true } : { text: t('casino.studio.noWin'), won: false },
      );
      settle(round);
      setBusy(false);
    };
    if (instant) {
      setShown(outcome.drawn.length);
      finish();
      return;
    }
    setShown(0);
    outcome.drawn.forEach((_, index) => setTimeout(() => setShown(index + 1), 110 * (index + 1)));
    setTimeout(finish, 110 * (outcome.drawn.length + 1));
  };

  const drawn = new Set(last ? last.drawn.slice(0, shown) : []);
  const hitsSoFar = last ? last.picks.filter((p) => drawn.has(p)).length : -1;
  const table = KENO_PAYS_BP[Math.max(1, picks.length)]!;
  return (
    <>
      <div className={board.board}>
        <div className={board.kenoGrid} role="group" aria-label={t('casino.studio.kenoPick', { max: KENO_PICKS_MAX })}>
          {NUMBERS.map((n) => (
            <button
              key={n}
              type="button"
              className={board.kenoCell}
              aria-pressed={picks.includes(n)}
              data-drawn={drawn.has(n) && !picks.includes(n)}
              data-hit={drawn.has(n) && picks.includes(n)}
              data-testid={`keno-${n}`}
              disabled={busy}
              onClick={() => toggle(n)}
            >
              {n}
            </button>
          ))}
        </div>
        <div className={board.payRow} aria-label={t('casino.studio.kenoPays')}>
          {picks.length === 0 ? (
            <span className={board.caption}>{t('casino.studio.kenoPick', { max: KENO_PICKS_MAX })}</span>
          ) : (
            table.map((bp, hits) =>
              bp > 0 ? (
                <span key={hits} className={board.pay} data-current={hits === hitsSoFar && shown === (last?.drawn.length ?? -1)}>
                  {hits}✓<strong>{x(bp)}</strong>
                </span>
              ) : null,
            )
          )}
        </div>
      </div>
      <div className={board.row}>
        <button type="button" className={styles.option} disabled={busy} onClick={autoPick}>
          {t('casino.studio.kenoAuto')}
        </button>
        <button type="button" className={styles.option} disabled={busy || picks.length === 0} onClick={() => setPicks([])}>
          {t('casino.studio.kenoClear')}
        </button>
      </div>
      <p className={styles.winBanner} data-won={message?.won} aria-live="polite" data-testid="round-result">
        {message?.text ?? (last ? t('casino.studio.kenoHitsOf', { hits: Math.max(0, hitsSoFar), picks: last.picks.length }) : '')}
      </p>
      <button type="button" className={styles.play} onClick={bet} disabled={busy || picks.length === 0}>
        {t('casino.studio.bet')}
      </button>
    </>
  );
}
