import { BACCARAT_SIDES, type BaccaratOutcome, type BaccaratSide } from '@piranha/domain';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import type { PanelProps } from './panel-props.ts';
import board from './originals.module.css';
import styles from './studio.module.css';

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['♠', '♥', '♦', '♣'];

/** A card 0–51 as its rank and suit (rank = card % 13, suit = floor(card / 13)). */
export function cardFace(card: number): { rank: string; suit: string; red: boolean } {
  const suit = Math.floor(card / 13);
  return { rank: RANKS[card % 13]!, suit: SUITS[suit]!, red: suit === 1 || suit === 2 };
}

function Hand({ name, cards, total, won, shown }: { name: string; cards: number[]; total: number | null; won: boolean; shown: number }) {
  const visible = cards.slice(0, shown);
  return (
    <div className={board.hand} data-won={won}>
      <span className={board.handName}>{name}</span>
      <span className={board.handTotal}>{total ?? ''}</span>
      <div className={board.cards}>
        {visible.length === 0 ? (
          <>
            <span className={board.slot} />
            <span className={board.slot} />
          </>
        ) : (
          visible.map((card, index) => {
            const face = cardFace(card);
            return (
              <span
                key={index}
                className={`${board.card} ${index === 2 ? board.third : ''}`}
                data-red={face.red}
                role="img"
                aria-label={`${face.rank}${face.suit}`}
              >
                <span>{face.rank}</span>
                <span>{face.suit}</span>
              </span>
            );
          })
        )}
      </div>
    </div>
  );
}

const ODDS: Record<BaccaratSide, string> = { player: '1:1', banker: '0.95:1', tie: '8:1' };

/** Punto banco: back the player, the banker or a tie; the cards follow the third-card rule. */
export default function BaccaratPanel({ play, settle, busy, setBusy, instant, formatMoney }: PanelProps) {
  const { t } = useTranslation();
  const [side, setSide] = useState<BaccaratSide>('player');
  const [last, setLast] = useState<BaccaratOutcome | null>(null);
  const [step, setStep] = useState(0);
  const [message, setMessage] = useState<{ text: string; won: boolean } | null>(null);
  const names: Record<BaccaratSide, string> = {
    player: t('casino.studio.baccaratPlayer'),
    banker: t('casino.studio.baccaratBanker'),
    tie: t('casino.studio.baccaratTie'),
  };

  const deal = async () => {
    setBusy(true);
    setMessage(null);
    const round = await play({ side });
    if (!round || round.outcome.kind !== 'baccarat') {
      setBusy(false);
      return;
    }
    const outcome = round.outcome;
    setLast(outcome);
    const cards = outcome.player.length + outcome.banker.length;
    const finish = () => {
      const pushed = outcome.result === 'tie' && outcome.side !== 'tie';
      setMessage(
        pushed
          ? { text: t('casino.studio.baccaratPush'), won: false }
          : round.win > 0
            ? { text: t('casino.studio.youWon', { amount: formatMoney(round.win) }), won: true }
            : { text: t('casino.studio.noWin'), won: false },
      );
      settle(round);
      setBusy(false);
    };
    if (instant) {
      setStep(cards);
      finish();
      return;
    }
    setStep(0);
    for (let index = 1; index <= cards; index += 1) setTimeout(() => setStep(index), 380 * index);
    setTimeout(finish, 380 * cards + 250);
  };

  // Cards come out P, B, P, B, then the player's third, then the banker's.
  const dealtTo = (hand: 'player' | 'banker') => {
    if (!last) return 0;
    const order: ('player' | 'banker')[] = ['player', 'banker', 'player', 'banker'];
    if (last.player.length === 3) order.push('player');
    if (last.banker.length === 3) order.push('banker');
    return order.slice(0, step).filter((who) => who === hand).length;
  };
  const done = last !== null && step >= last.player.length + last.banker.length;
  return (
    <>
      <div className={board.table} data-testid="baccarat-table">
        <Hand
          name={names.player}
          cards={last?.player ?? []}
          total={done ? last.playerTotal : null}
          won={done && last.result === 'player'}
          shown={dealtTo('player')}
        />
        <Hand
          name={names.banker}
          cards={last?.banker ?? []}
          total={done ? last.bankerTotal : null}
          won={done && last.result === 'banker'}
          shown={dealtTo('banker')}
        />
      </div>
      <p className={styles.winBanner} data-won={message?.won} aria-live="polite" data-testid="round-result">
        {message?.text ?? (done ? t('casino.studio.baccaratResult', { side: names[last.result] }) : '')}
      </p>
      <div className={board.sides} role="group" aria-label={t('casino.studio.baccaratSide')}>
        {BACCARAT_SIDES.map((option) => (
          <button key={option} type="button" className={board.side} aria-pressed={side === option} disabled={busy} onClick={() => setSide(option)}>
            {names[option]}
            <small>{ODDS[option]}</small>
          </button>
        ))}
      </div>
      <button type="button" className={styles.play} onClick={deal} disabled={busy}>
        {t('casino.studio.deal')}
      </button>
    </>
  );
}
