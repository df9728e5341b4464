import type { RoundView } from '@piranha/contract';
import { VIDEO_POKER_HANDS, VIDEO_POKER_PAYS, type VideoPokerHand } from '@piranha/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { cardFace } from './baccarat-panel.tsx';
import cards from './cards.module.css';
import type { PanelProps } from './panel-props.ts';
import styles from './studio.module.css';

export function PlayingCard({ card, held, className }: { card: number; held?: boolean; className?: string }) {
  const face = cardFace(card);
  return (
    <span className={`${cards.card} ${className ?? ''}`} data-red={face.red} data-held={held === true} role="img" aria-label={`${face.rank}${face.suit}`}>
      <span>{face.rank}</span>
      <span>{face.suit}</span>
    </span>
  );
}

/** Jacks or Better 9/6: deal five, tap the cards to hold, draw once; the pay table is always in view. */
export default function VideoPokerPanel({ stakeMinor, openRound, play, action, settle, setBusy, busy, formatMoney }: PanelProps) {
  const { t } = useTranslation();
  const resumed = openRound && openRound.outcome.kind === 'video-poker' ? openRound : null;
  const [round, setRound] = useState<RoundView | null>(resumed);
  const [holds, setHolds] = useState(0);
  const [drawing, setDrawing] = useState(false);
  const outcome = round?.outcome.kind === 'video-poker' ? round.outcome : null;
  const open = outcome?.status === 'open';
  useEffect(() => {
    if (open) setBusy(true);
  }, [open, setBusy]);

  const deal = async () => {
    setBusy(true);
    setHolds(0);
    const next = await play({});
    if (!next) {
      setBusy(false);
      return;
    }
    setRound(next);
  };

  const draw = async () => {
    if (!round) return;
    setDrawing(true);
    const next = await action(round.round_id, 'draw', { holds });
    setDrawing(false);
    if (!next) return;
    setRound(next);
    settle(next);
    setBusy(false);
  };

  const handName = (hand: VideoPokerHand) => t(`casino.studio.vpHands.${hand}`);
  const shown = outcome ? (open ? outcome.dealt : outcome.final) : [];
  const hit = outcome && !open ? outcome.hand : null;
  let banner: { text: string; won: boolean } | null = null;
  if (outcome && !open && round)
    banner =
      round.win > 0
        ? { text: `${handName(outcome.hand!)} · ${t('casino.studio.youWon', { amount: formatMoney(round.win) })}`, won: true }
        : { text: t('casino.studio.noWin'), won: false };

  return (
    <>
      <div className={cards.felt} data-testid="video-poker-table">
        <dl className={cards.payTable} aria-label={t('casino.studio.vpPayTable')}>
          {VIDEO_POKER_HANDS.map((hand) => (
            <div key={hand} style={{ display: 'contents' }}>
              <dt data-hit={hit === hand}>{handName(hand)}</dt>
              <dd data-hit={hit === hand}>{VIDEO_POKER_PAYS[hand]}×</dd>
            </div>
          ))}
        </dl>
        <div className={cards.hand}>
          {shown.length === 0
            ? Array.from({ length: 5 }, (_, index) => (
                <span key={index} className={cards.slot}>
                  <span className={cards.back} />
                  <span className={cards.holdTag} />
                </span>
              ))
            : shown.map((card, index) => {
                const held = ((open ? holds : outcome!.holds) >> index) & 1 ? true : false;
                return (
                  <button
                    key={`${index}-${card}`}
                    type="button"
                    className={cards.slot}
                    disabled={!open || drawing}
                    aria-pressed={open ? held : undefined}
                    data-testid={`vp-card-${index}`}
                    onClick={() => setHolds((current) => current ^ (1 << index))}
                  >
                    <PlayingCard card={card} held={held} />
                    <span className={cards.holdTag}>{held ? t('casino.studio.vpHeld') : ''}</span>
                  </button>
                );
              })}
        </div>
        <p className={cards.hint}>{open ? (outcome.dealtHand ? handName(outcome.dealtHand) : t('casino.studio.vpTapToHold')) : ''}</p>
      </div>
      <p className={styles.winBanner} data-won={banner?.won} aria-live="polite" data-testid="round-result">
        {banner?.text ?? ''}
      </p>
      {open ? (
        <button type="button" className={styles.play} onClick={draw} disabled={drawing}>
          {t('casino.studio.vpDraw')}
        </button>
      ) : (
        <button type="button" className={styles.play} onClick={deal} disabled={busy || stakeMinor <= 0}>
          {t('casino.studio.vpDeal')}
        </button>
      )}
    </>
  );
}
