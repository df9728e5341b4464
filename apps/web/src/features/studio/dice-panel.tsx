import { BP, type DiceDirection, diceMultiplierBp, intlLocaleOf } from '@piranha/domain';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { DiceBoard } from './dice-board.tsx';
import type { PanelProps } from './panel-props.ts';
import styles from './studio.module.css';

/** Dice: pick a target and a side, roll 0.00–100.00; the multiplier follows the chance (99 % RTP). */
export default function DicePanel({ stakeMinor, play, settle, busy, setBusy, instant, formatMoney }: PanelProps) {
  const { t, i18n } = useTranslation();
  const [target, setTarget] = useState(5000);
  const [direction, setDirection] = useState<DiceDirection>('under');
  const [last, setLast] = useState<{ roll: number; won: boolean; id: number } | null>(null);
  const [message, setMessage] = useState<{ text: string; won: boolean } | null>(null);

  const multiplierBp = diceMultiplierBp({ target, direction });
  const chance = direction === 'under' ? target / 100.01 : (10_000 - target) / 100.01;
  const roll = async () => {
    setBusy(true);
    setMessage(null);
    const round = await play({ target, direction });
    if (!round || round.outcome.kind !== 'dice') {
      setBusy(false);
      return;
    }
    const outcome = round.outcome;
    setLast({ roll: outcome.roll, won: outcome.won, id: (last?.id ?? 0) + 1 });
    setTimeout(
      () => {
        setMessage(
          outcome.won ? { text: t('casino.studio.youWon', { amount: formatMoney(round.win) }), won: true } : { text: t('casino.studio.noWin'), won: false },
        );
        settle(round);
        setBusy(false);
      },
      instant ? 0 : 650,
    );
  };

  return (
    <>
      <DiceBoard
        target={target}
        direction={direction}
        roll={last?.roll ?? null}
        won={last?.won ?? null}
        rollId={last?.id ?? 0}
        disabled={busy}
        targetLabel={t('casino.studio.diceTarget')}
        onTargetChange={setTarget}
      />
      <div className={styles.options} role="group" aria-label={t('casino.studio.diceSide')}>
        {(['under', 'over'] as const).map((side) => (
          <button key={side} type="button" className={styles.option} aria-pressed={direction === side} disabled={busy} onClick={() => setDirection(side)}>
            {t(side === 'under' ? 'casino.studio.rollUnder' : 'casino.studio.rollOver', { target: (target / 100).toFixed(2) })}
          </button>
        ))}
      </div>
      <div className={styles.stats}>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('casino.studio.multiplier')}</span>
          <span className={styles.statValue}>{(multiplierBp / BP).toLocaleString(intlLocaleOf(i18n.language), { maximumFractionDigits: 4 })}×</span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('casino.studio.chance')}</span>
          <span className={styles.statValue}>{chance.toFixed(2)}%</span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('casino.studio.payout')}</span>
          <span className={styles.statValue}>{formatMoney(Math.floor((stakeMinor * multiplierBp) / BP))}</span>
        </div>
      </div>
      <p className={styles.winBanner} data-won={message?.won} aria-live="polite" data-testid="round-result">
        {message?.text ?? ''}
      </p>
      <button type="button" className={styles.play} onClick={roll} disabled={busy || stakeMinor <= 0}>
        {t('casino.studio.roll')}
      </button>
    </>
  );
}
