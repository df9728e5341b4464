import type { RoundView, StudioAction } from '@piranha/contract';
import { blackjackInsuranceMinor, blackjackStakedMinor, type BlackjackHand, type BlackjackOutcome } from '@piranha/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { cardFace } from './baccarat-panel.tsx';
import board from './blackjack.module.css';
import type { PanelProps } from './panel-props.ts';
import styles from './studio.module.css';

function Card({ card }: { card: number | null }) {
  if (card === null) return <span className={`${board.card} ${board.back}`} role="img" aria-hidden="true" data-testid="bj-hole" />;
  const face = cardFace(card);
  return (
    <span className={board.card} data-red={face.red} role="img" aria-label={`${face.rank}${face.suit}`}>
      {/* The corner index (rank over suit) stays readable where the next card overlaps this one. */}
      <span className={board.index}>
        <span>{face.rank}</span>
        <span>{face.suit}</span>
      </span>
      <span className={board.pip}>{face.suit}</span>
    </span>
  );
}

/** A total as players say it: a soft hand shows both counts (7/17) until it stands or the round ends. */
function totalText(total: number, soft: boolean, open: boolean): string {
  return soft && open && total < 21 ? `${total - 10}/${total}` : String(total);
}

const STEPS = ['hit', 'stand', 'double', 'split'] as const satisfies readonly StudioAction[];
const STEP_LABELS = {
  hit: 'casino.studio.bjHit',
  stand: 'casino.studio.bjStand',
  double: 'casino.studio.bjDouble',
  split: 'casino.studio.bjSplit',
} as const satisfies Record<(typeof STEPS)[number], string>;

/** The round's first stake from everything staked on it (each hand's units, plus half a stake when insured). */
function baseStakeOf(round: RoundView, outcome: BlackjackOutcome): number {
  const units = outcome.hands.reduce((sum, hand) => sum + hand.bet, 0);
  const guess = Math.floor(round.bet / (units + (outcome.insurance === 'taken' ? 0.5 : 0)));
  for (const candidate of [guess, guess + 1, guess - 1]) if (blackjackStakedMinor(outcome, candidate) === round.bet) return candidate;
  return guess;
}

/** Blackjack: deal, then hit, stand, double or split the hand in play; insurance when the dealer shows an ace. */
export default function BlackjackPanel({ stakeMinor, openRound, play, action, settle, busy, setBusy, formatMoney }: PanelProps) {
  const { t } = useTranslation();
  const [round, setRound] = useState<RoundView | null>(openRound && openRound.outcome.kind === 'blackjack' ? openRound : null);
  const [waiting, setWaiting] = useState(false);
  const outcome: BlackjackOutcome | null = round?.outcome.kind === 'blackjack' ? round.outcome : null;
  const open = outcome?.status === 'open';
  // A resumed hand keeps the stake locked until it ends.
  useEffect(() => {
    if (open) setBusy(true);
  }, [open, setBusy]);

  const show = (next: RoundView) => {
    setRound(next);
    if (next.outcome.kind === 'blackjack' && next.outcome.status === 'done') {
      settle(next);
      setBusy(false);
    }
  };

  const deal = async () => {
    setBusy(true);
    setWaiting(true);
    const next = await play({});
    setWaiting(false);
    if (!next) {
      setBusy(false);
      return;
    }
    show(next);
  };

  const step = async (kind: StudioAction) => {
    if (!round || !outcome) return;
    setWaiting(true);
    const next = await action(round.round_id, kind, { hand: outcome.active });
    setWaiting(false);
    if (next) show(next);
  };

  const stake = round && outcome ? round.bet : stakeMinor;
  const baseStake = round && outcome ? baseStakeOf(round, outcome) : stakeMinor;
  const legal = new Set(outcome?.legal ?? []);
  const resultText = (hand: BlackjackHand) =>
    hand.result === 'blackjack'
      ? t('casino.studio.bjBlackjack')
      : hand.result === 'win'
        ? t('casino.studio.bjWin')
        : hand.result === 'lose'
          ? hand.status === 'bust'
            ? t('casino.studio.bjBust')
            : t('casino.studio.bjLose')
          : hand.result === 'push'
            ? t('casino.studio.bjPush')
            : hand.status === 'bust'
              ? t('casino.studio.bjBust')
              : '';

  let banner: { text: string; won: boolean } | null = null;
  if (outcome && round && outcome.status === 'done') {
    const staked = round.bet;
    if (round.win > staked) banner = { text: t('casino.studio.youWon', { amount: formatMoney(round.win) }), won: true };
    else if (round.win === staked && staked > 0) banner = { text: t('casino.studio.bjPushed'), won: false };
    else if (round.win > 0) banner = { text: t('casino.studio.youWon', { amount: formatMoney(round.win) }), won: false };
    else banner = { text: t('casino.studio.noWin'), won: false };
  }

  const dealerCards: (number | null)[] = outcome ? (open ? [outcome.dealer[0]!, null] : outcome.dealer) : [];
  const split = (outcome?.hands.length ?? 0) > 1;
  return (
    <>
      <div className={board.table} data-testid="blackjack-table" data-round={round?.round_id}>
        <div className={board.dealer}>
          <div className={board.handHead}>
            <span className={board.handName}>{t('casino.studio.bjDealer')}</span>
            <span className={board.handTotal} data-testid="bj-dealer-total">
              {outcome ? totalText(outcome.dealerTotal, outcome.dealerSoft, open) : ''}
            </span>
          </div>
          <div className={board.cards}>
            {dealerCards.length === 0 ? (
              <>
                <span className={board.slot} />
                <span className={board.slot} />
              </>
            ) : (
              dealerCards.map((card, index) => <Card key={index} card={card} />)
            )}
          </div>
        </div>
        <div className={board.hands} data-split={split}>
          {outcome ? (
            outcome.hands.map((hand, index) => {
              const active = open && outcome.phase === 'player' && index === outcome.active;
              const result = resultText(hand);
              return (
                <div
                  key={index}
                  className={board.hand}
                  data-active={active}
                  data-result={hand.result}
                  data-testid={`bj-hand-${index}`}
                  aria-current={active ? 'step' : undefined}
                >
                  <div className={board.handHead}>
                    <span className={board.handName}>{t('casino.studio.bjHand', { n: index + 1 })}</span>
                    <span className={board.handTotal} data-testid={`bj-hand-total-${index}`}>
                      {totalText(hand.total, hand.soft, open && hand.status === 'playing')}
                    </span>
                  </div>
                  <div className={board.cards}>
                    {hand.cards.map((card, cardIndex) => (
                      <Card key={cardIndex} card={card} />
                    ))}
                  </div>
                  <div className={board.handFoot}>
                    <span className={board.chip}>
                      {formatMoney(baseStake * hand.bet)}
                      {hand.doubled ? ' ×2' : ''}
                    </span>
                    {result ? (
                      <span className={board.result}>{result}</span>
                    ) : active ? (
                      <span className={board.turn}>{t('casino.studio.bjPlaying')}</span>
                    ) : null}
                  </div>
                </div>
              );
            })
          ) : (
            <div className={board.hand}>
              <div className={board.handHead}>
                <span className={board.handName}>{t('casino.studio.bjHand', { n: 1 })}</span>
                <span className={board.handTotal} />
              </div>
              <div className={board.cards}>
                <span className={board.slot} />
                <span className={board.slot} />
              </div>
            </div>
          )}
        </div>
      </div>

      <p className={styles.winBanner} data-won={banner?.won} aria-live="polite" data-testid="round-result">
        {banner?.text ?? (outcome && open ? t('casino.studio.bjInPlay', { amount: formatMoney(stake) }) : '')}
      </p>

      {open && outcome.phase === 'insurance' ? (
        <div className={board.offer} role="group" aria-label={t('casino.studio.bjInsuranceOffer')}>
          <p>{t('casino.studio.bjInsuranceOffer')}</p>
          <div className={board.actions}>
            <button type="button" className={board.action} disabled={waiting || !legal.has('insurance')} onClick={() => step('insurance')}>
              {t('casino.studio.bjInsurance', { amount: formatMoney(blackjackInsuranceMinor(baseStake)) })}
            </button>
            <button type="button" className={board.action} disabled={waiting || !legal.has('no_insurance')} onClick={() => step('no_insurance')}>
              {t('casino.studio.bjNoInsurance')}
            </button>
          </div>
        </div>
      ) : null}

      {open && outcome.phase === 'player' ? (
        <div className={board.actions} data-testid="bj-actions">
          {STEPS.map((kind) => (
            <button key={kind} type="button" className={board.action} data-kind={kind} disabled={waiting || !legal.has(kind)} onClick={() => step(kind)}>
              {t(STEP_LABELS[kind])}
            </button>
          ))}
        </div>
      ) : null}

      {!open ? (
        <button type="button" className={styles.play} onClick={deal} disabled={busy || waiting}>
          {t('casino.studio.deal')}
        </button>
      ) : null}
    </>
  );
}
