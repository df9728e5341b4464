import { BP, type CasinoOutcome } from '@piranha/domain';

const x = (bp: number) => `${Number((bp / BP).toFixed(4))}×`;

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
  }
}
