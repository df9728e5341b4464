import { BP, intlLocaleOf, LIMBO_TARGET_MAX, LIMBO_TARGET_MIN, limboMultiplierBp } from '@piranha/domain';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import type { PanelProps } from './panel-props.ts';
import board from './originals.module.css';
import styles from './studio.module.css';

/** Limbo: name a target multiplier; one number decides the result; reach the target and it pays (99 % RTP). */
export default function LimboPanel({ stakeMinor, play, settle, busy, setBusy, instant, formatMoney }: PanelProps) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('2.00');
  const [last, setLast] = useState<{ result: number; won: boolean; id: number } | null>(null);
  const [message, setMessage] = useState<{ text: string; won: boolean } | null>(null);
  const parsed = Math.round(Number(text.replace(',', '.')) * 100);
  const valid = Number.isFinite(parsed) && parsed >= LIMBO_TARGET_MIN && parsed <= LIMBO_TARGET_MAX;
  const target = valid ? parsed : 200;
  const x = (hundredths: number) =>
    `${(hundredths / 100).toLocaleString(intlLocaleOf(i18n.language), { minimumFractionDigits: 2, maximumFractionDigits: 2 })}×`;

  const bet = async () => {
    if (!valid) return;
    setBusy(true);
    setMessage(null);
    const round = await play({ target });
    if (!round || round.outcome.kind !== 'limbo') {
      setBusy(false);
      return;
    }
    const outcome = round.outcome;
    setLast({ result: outcome.result, won: outcome.won, id: (last?.id ?? 0) + 1 });
    setTimeout(
      () => {
        setMessage(
          outcome.won ? { text: t('casino.studio.youWon', { amount: formatMoney(round.win) }), won: true } : { text: t('casino.studio.noWin'), won: false },
        );
        settle(round);
        setBusy(false);
      },
      instant ? 0 : 500,
    );
  };

  return (
    <>
      <div className={board.board}>
        <output key={last?.id ?? 0} className={board.readout} data-won={last?.won} data-testid="limbo-result" aria-live="polite">
          {last ? x(last.result) : x(100)}
        </output>
        <span className={board.caption}>{t('casino.studio.limboTargetIs', { target: x(target) })}</span>
      </div>
      <label className={board.targetField}>
        {t('casino.studio.limboTarget')}
        <input
          value={text}
          inputMode="decimal"
          disabled={busy}
          aria-invalid={!valid}
          onChange={(event) => setText(event.target.value.replace(/[^\d.,]/g, '').slice(0, 9))}
          onBlur={() => valid && setText((target / 100).toFixed(2))}
        />
      </label>
      {!valid ? (
        <p className={styles.error} role="alert">
          {t('casino.studio.cashoutRange', { min: '1.01', max: (LIMBO_TARGET_MAX / 100).toLocaleString(intlLocaleOf(i18n.language)) })}
        </p>
      ) : null}
      <div className={styles.stats}>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('casino.studio.chance')}</span>
          <span className={styles.statValue}>{(99 / (target / 100)).toFixed(4)}%</span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('casino.studio.payout')}</span>
          <span className={styles.statValue}>{formatMoney(Math.floor((stakeMinor * limboMultiplierBp({ target })) / BP))}</span>
        </div>
      </div>
      <p className={styles.winBanner} data-won={message?.won} aria-live="polite" data-testid="round-result">
        {message?.text ?? ''}
      </p>
      <button type="button" className={styles.play} onClick={bet} disabled={busy || !valid || stakeMinor <= 0}>
        {t('casino.studio.bet')}
      </button>
    </>
  );
}
