import type { RoundView } from '@piranha/contract';
import { BP, HILO_SKIPS_MAX, hiloGuessPreview, intlLocaleOf, type HiloOutcome } from '@piranha/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import cards from './cards.module.css';
import type { PanelProps } from './panel-props.ts';
import styles from './studio.module.css';
import { PlayingCard } from './video-poker-panel.tsx';

const MARKS = { higher: '▲', lower: '▼', skip: '»' } as const;

/** Whether guess i was right (a skip counts as neither). */
function guessWon(outcome: HiloOutcome, index: number): boolean | undefined {
  const guess = outcome.guesses[index]!;
  if (guess === 'skip') return undefined;
  const rank = (card: number) => card % 13;
  const shown = rank(outcome.cards[index]!);
  const next = rank(outcome.cards[index + 1]!);
  return guess === 'higher' ? next >= shown : next <= shown;
}

/** Hilo: guess higher-or-same or lower-or-same than the card shown, skip a few, cash out after a right guess. */
export default function HiloPanel({ stakeMinor, openRound, play, action, settle, setBusy, busy, formatMoney }: PanelProps) {
  const { t, i18n } = useTranslation();
  const resumed = openRound && openRound.outcome.kind === 'hilo' ? openRound : null;
  const [round, setRound] = useState<RoundView | null>(resumed);
  const [moving, setMoving] = useState(false);
  const outcome = round?.outcome.kind === 'hilo' ? round.outcome : null;
  const open = outcome?.status === 'open';
  useEffect(() => {
    if (open) setBusy(true);
  }, [open, setBusy]);

  const locale = intlLocaleOf(i18n.language);
  const x = (bp: number) => `${(bp / BP).toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}×`;
  const percent = (chance: number) => chance.toLocaleString(locale, { style: 'percent', maximumFractionDigits: 1 });

  const start = async () => {
    setBusy(true);
    const next = await play({});
    if (!next) {
      setBusy(false);
      return;
    }
    setRound(next);
  };

  const move = async (kind: 'higher' | 'lower' | 'skip' | 'cashout') => {
    if (!round) return;
    setMoving(true);
    const next = await action(round.round_id, kind);
    setMoving(false);
    if (!next) return;
    setRound(next);
    if (next.outcome.kind === 'hilo' && next.outcome.status !== 'open') {
      settle(next);
      setBusy(false);
    }
  };

  const shown = outcome ? outcome.cards[outcome.cards.length - 1]! : null;
  const skipsLeft = HILO_SKIPS_MAX - (outcome?.guesses.filter((guess) => guess === 'skip').length ?? 0);
  const preview = (guess: 'higher' | 'lower') => (outcome && open ? hiloGuessPreview(outcome, guess) : null);
  let banner: { text: string; won: boolean } | null = null;
  if (outcome?.status === 'busted') banner = { text: t('casino.studio.hiloBusted'), won: false };
  if (outcome?.status === 'cashed') banner = { text: t('casino.studio.youWon', { amount: formatMoney(round!.win) }), won: true };

  return (
    <>
      <div className={`${cards.felt} ${cards.hilo}`} data-testid="hilo-table">
        {shown === null ? <span className={`${cards.back} ${cards.big}`} /> : <PlayingCard key={outcome!.cards.length} card={shown} className={cards.big} />}
        <div className={cards.trail} aria-hidden="true">
          {outcome?.cards.slice(0, -1).map((card, index) => (
            <span key={index} style={{ display: 'flex', gap: 2 }}>
              <PlayingCard card={card} className={cards.mini} />
              <span className={cards.mark} data-won={guessWon(outcome, index)}>
                {MARKS[outcome.guesses[index]!]}
              </span>
            </span>
          ))}
        </div>
        {outcome ? null : <p className={cards.hint}>{t('casino.studio.hiloStart')}</p>}
      </div>
      <div className={styles.stats}>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('casino.studio.current')}</span>
          <span className={styles.statValue} data-testid="hilo-multiplier">
            {outcome && outcome.multiplierBp > 0 ? x(outcome.multiplierBp) : '—'}
          </span>
        </div>
      </div>
      <p className={styles.winBanner} data-won={banner?.won} aria-live="polite" data-testid="round-result">
        {banner?.text ?? ''}
      </p>
      {open ? (
        <>
          <div className={cards.guesses}>
            {(['higher', 'lower'] as const).map((guess) => {
              const p = preview(guess)!;
              return (
                <button key={guess} type="button" className={cards.guess} disabled={moving} onClick={() => move(guess)}>
                  {guess === 'higher' ? '▲ ' : '▼ '}
                  {t(guess === 'higher' ? 'casino.studio.hiloHigher' : 'casino.studio.hiloLower')}
                  <small>
                    {percent(p.chance)} · {x(p.multiplierBp)}
                  </small>
                </button>
              );
            })}
          </div>
          <div className={cards.guesses}>
            <button type="button" className={cards.guess} disabled={moving || skipsLeft <= 0} onClick={() => move('skip')}>
              {t('casino.studio.hiloSkip', { left: skipsLeft })}
            </button>
            <button
              type="button"
              className={`${styles.play} ${styles.secondary}`}
              disabled={moving || outcome.multiplierBp === 0}
              onClick={() => move('cashout')}
            >
              {outcome.multiplierBp === 0
                ? t('casino.studio.cashOutIdle')
                : t('casino.studio.cashOut', { amount: formatMoney(Math.floor((round!.bet * outcome.multiplierBp) / BP)) })}
            </button>
          </div>
        </>
      ) : (
        <button type="button" className={styles.play} onClick={start} disabled={busy || stakeMinor <= 0}>
          {t('casino.studio.bet')}
        </button>
      )}
    </>
  );
}
