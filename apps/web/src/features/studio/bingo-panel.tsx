import { BINGO_CENTRE, BINGO_DRAWN, BINGO_LINES, BINGO_PATTERNS, BINGO_PAYS_BP, type BingoOutcome } from '@piranha/domain';
import { BINGO_PATTERN_LABELS } from './mini-labels.ts';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import type { PanelProps } from './panel-props.ts';
import mini from './mini-games.module.css';
import board from './originals.module.css';
import styles from './studio.module.css';
import { multiplierText } from './step-round.ts';

const LETTERS = ['B', 'I', 'N', 'G', 'O'];
const BALL_MS = 90;

/** Bingo (75-ball): one card from the seed, 30 balls drawn; the best pattern on the card pays. */
export default function BingoPanel({ play, settle, busy, setBusy, instant, formatMoney }: PanelProps) {
  const { t, i18n } = useTranslation();
  const [last, setLast] = useState<BingoOutcome | null>(null);
  const [shown, setShown] = useState(0);
  const [message, setMessage] = useState<{ text: string; won: boolean } | null>(null);
  const x = (bp: number) => multiplierText(bp, i18n.language);

  const buy = async () => {
    setBusy(true);
    setMessage(null);
    const round = await play({});
    if (!round || round.outcome.kind !== 'bingo') {
      setBusy(false);
      return;
    }
    const outcome = round.outcome;
    setLast(outcome);
    const finish = () => {
      setShown(outcome.drawn.length);
      setMessage(
        outcome.pattern
          ? { text: `${t(BINGO_PATTERN_LABELS[outcome.pattern])} · ${t('casino.studio.youWon', { amount: formatMoney(round.win) })}`, won: true }
          : { text: t('casino.studio.noWin'), won: false },
      );
      settle(round);
      setBusy(false);
    };
    if (instant) {
      finish();
      return;
    }
    setShown(0);
    outcome.drawn.forEach((_, index) => setTimeout(() => setShown(index + 1), BALL_MS * (index + 1)));
    setTimeout(finish, BALL_MS * (outcome.drawn.length + 2));
  };

  const drawn = new Set(last ? last.drawn.slice(0, shown) : []);
  const done = last !== null && shown === last.drawn.length;
  const card = last?.card ?? null;
  return (
    <>
      <div className={board.board}>
        <div className={mini.bingoCard} role="table" aria-label={t('casino.studio.bingoCard')} data-testid="bingo-card">
          <div className={mini.bingoRow} role="row">
            {LETTERS.map((letter) => (
              <span key={letter} role="columnheader" className={mini.bingoLetter}>
                {letter}
              </span>
            ))}
          </div>
          {[0, 1, 2, 3, 4].map((row) => (
            <div key={row} className={mini.bingoRow} role="row">
              {[0, 1, 2, 3, 4].map((col) => {
                const cell = row * 5 + col;
                const number = card?.[cell] ?? 0;
                const marked = cell === BINGO_CENTRE || (number > 0 && drawn.has(number));
                const inLine = done && last!.lines.some((line) => BINGO_LINES[line]!.includes(cell));
                return (
                  <span key={col} role="cell" className={mini.bingoCell} data-marked={card !== null && marked} data-line={inLine}>
                    {cell === BINGO_CENTRE ? '★' : card ? number : ''}
                  </span>
                );
              })}
            </div>
          ))}
        </div>
        <div className={mini.balls} aria-label={t('casino.studio.bingoBalls', { count: BINGO_DRAWN })}>
          {last
            ? last.drawn.slice(0, shown).map((ball) => (
                <span key={ball} className={mini.ball} data-hit={last.card.includes(ball)}>
                  {ball}
                </span>
              ))
            : null}
          {!last ? <span className={board.caption}>{t('casino.studio.bingoBalls', { count: BINGO_DRAWN })}</span> : null}
        </div>
        <div className={board.payRow} aria-label={t('casino.info.payTable')}>
          {BINGO_PATTERNS.filter((pattern) => pattern !== 'full-house').map((pattern) => (
            <span key={pattern} className={board.pay} data-current={done && last!.pattern === pattern}>
              {t(BINGO_PATTERN_LABELS[pattern])}
              <strong>{x(BINGO_PAYS_BP[pattern])}</strong>
            </span>
          ))}
        </div>
      </div>
      <p className={styles.winBanner} data-won={message?.won} aria-live="polite" data-testid="round-result">
        {message?.text ?? ''}
      </p>
      <button type="button" className={styles.play} onClick={buy} disabled={busy}>
        {t('casino.studio.bingoBuy')}
      </button>
    </>
  );
}
