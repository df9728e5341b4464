import { BP, type CasinoOutcome } from '@piranha/domain';

const x = (bp: number) => `${Number((bp / BP).toFixed(4))}×`;

const FISH_EMOJI = { minnow: '🐟', puffer: '🐡', turtle: '🐢', shark: '🦈', whale: '🐋' } as const;

const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const cardText = (card: number) => `${RANKS[card % 13]}${'♠♥♦♣'[Math.floor(card / 13)]}`;

/** One line that says what a round's outcome was, language-neutral (numbers and symbols only). */
export function outcomeSummary(outcome: CasinoOutcome): string {
  switch (outcome.kind) {
    case 'slot':
      return outcome.spins
        .map((spin, index) => `${index === 0 ? '▶' : `★${index}`} ${spin.window.map((reel) => reel.join('/')).join(' | ')} → ${x(spin.payBp)}`)
        .join('\n');
    case 'crash':
      return `${(outcome.crashPoint / 100).toFixed(2)}× (${(outcome.cashout / 100).toFixed(2)}× ${outcome.won ? '✓' : '✗'})`;
    case 'dice':
      return `${(outcome.roll / 100).toFixed(2)} ${outcome.direction === 'under' ? '<' : '>'} ${(outcome.target / 100).toFixed(2)} ${outcome.won ? '✓' : '✗'}`;
    case 'mines':
      return `💣 ${[...outcome.minePositions].sort((a, b) => a - b).join(', ')} · ${outcome.revealed.join(', ') || '—'} · ${outcome.status}`;
    case 'plinko':
      return `${outcome.path.map((step) => (step ? 'R' : 'L')).join('')} → ${outcome.bin} · ${x(outcome.multiplierBp)}`;
    case 'roulette':
      return `${outcome.number}`;
    case 'limbo':
      return `${(outcome.result / 100).toFixed(2)}× (${(outcome.target / 100).toFixed(2)}× ${outcome.won ? '✓' : '✗'})`;
    case 'keno':
      return `${outcome.drawn.join(' ')} · ${outcome.hits}/${outcome.picks.length} · ${x(outcome.multiplierBp)}`;
    case 'baccarat':
      return `P ${outcome.player.map(cardText).join(' ')} = ${outcome.playerTotal} · B ${outcome.banker.map(cardText).join(' ')} = ${outcome.bankerTotal} → ${outcome.result.toUpperCase()} · ${x(outcome.multiplierBp)}`;
    case 'wheel':
      return `#${outcome.segment + 1}/${outcome.segments} → ${x(outcome.multiplierBp)}`;
    case 'tower': {
      const mark = outcome.status === 'busted' ? '✗' : outcome.status === 'cashed' ? '✓' : '…';
      return `▲ ${outcome.picks.map((door) => door + 1).join(' ') || '—'} ${mark} · ${x(outcome.multiplierBp)}`;
    }
    case 'bingo':
      return `${outcome.drawn.join(' ')} · ${outcome.marked.length - 1}/24 · ${outcome.lines.length}≡ → ${x(outcome.multiplierBp)}`;
    case 'fishing':
      return `${FISH_EMOJI[outcome.fish]} ${x(outcome.multiplierBp)} ${outcome.caught ? '✓' : '✗'}`;
    case 'video-poker':
      return outcome.status === 'open'
        ? `${outcome.dealt.map(cardText).join(' ')} · …`
        : `${outcome.dealt.map(cardText).join(' ')} → ${outcome.final.map((card, i) => ((outcome.holds >> i) & 1 ? cardText(card) : `[${cardText(card)}]`)).join(' ')} · ${outcome.hand ?? '—'} · ${x(outcome.multiplierBp)}`;
    case 'hilo':
      return `${outcome.cards.map((card, i) => (i === 0 ? cardText(card) : `${{ higher: '▲', lower: '▼', skip: '»' }[outcome.guesses[i - 1]!]} ${cardText(card)}`)).join(' ')} · ${outcome.status} · ${x(outcome.multiplierBp)}`;
    case 'blackjack': {
      // Each hand with its stake units (×2 doubled), then the dealer; insurance when it was taken.
      const hands = outcome.hands.map(
        (hand) => `${hand.cards.map(cardText).join(' ')} = ${hand.total}${hand.bet > 1 ? ' ×2' : ''} → ${hand.result.toUpperCase()} ${x(hand.returnBp)}`,
      );
      const insurance = outcome.insurance === 'taken' ? ` · INS ${x(outcome.insuranceReturnBp)}` : '';
      return `${hands.join(' | ')} · D ${outcome.dealer.map(cardText).join(' ')} = ${outcome.dealerTotal}${insurance}`;
    }
  }
}
