import type { RoundView } from '@piranha/contract';
import { ROULETTE_CHIPS_MAX, type RouletteBet, type RouletteBetKind } from '@piranha/domain';
import { useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import type { PanelProps } from './panel-props.ts';
import { rouletteColour } from './roulette-layout.ts';
import { RouletteWheel } from './roulette-wheel.tsx';
import { stakeLadder } from './stake-ladder.ts';
import styles from './studio.module.css';
import tableStyles from './roulette-panel.module.css';

type Spot = { kind: RouletteBetKind; number?: number };
const spotKey = (spot: Spot) => `${spot.kind}:${spot.number ?? ''}`;

const OUTSIDE: { spot: Spot; label: string }[] = [
  { spot: { kind: 'low' }, label: '1–18' },
  { spot: { kind: 'even' }, label: 'casino.studio.even' },
  { spot: { kind: 'red' }, label: 'casino.studio.red' },
  { spot: { kind: 'black' }, label: 'casino.studio.black' },
  { spot: { kind: 'odd' }, label: 'casino.studio.odd' },
  { spot: { kind: 'high' }, label: '19–36' },
];

/** European roulette: pick a chip, tap the table to place it (tap again to add), spin the wheel. */
export default function RoulettePanel({ info, play, settle, busy, setBusy, instant, formatMoney }: PanelProps) {
  const { t } = useTranslation();
  const chips = stakeLadder(info.betMinMinor, info.betMaxMinor).slice(0, 5);
  const [chip, setChip] = useState(chips[Math.min(2, chips.length - 1)] ?? info.betMinMinor);
  const [bets, setBets] = useState<Map<string, RouletteBet>>(new Map());
  const [spin, setSpin] = useState<{ number: number; id: number } | null>(null);
  const [message, setMessage] = useState<{ text: string; won: boolean } | null>(null);
  const pending = useRef<RoundView | null>(null);
  const wheel = useRef<HTMLDivElement>(null);
  const total = [...bets.values()].reduce((sum, bet) => sum + bet.amount, 0);

  const place = (spot: Spot) => {
    if (busy) return;
    const key = spotKey(spot);
    if (!bets.has(key) && bets.size >= ROULETTE_CHIPS_MAX) return;
    if (total + chip > info.betMaxMinor) return;
    const next = new Map(bets);
    next.set(key, { ...spot, amount: (bets.get(key)?.amount ?? 0) + chip });
    setBets(next);
  };

  const start = async () => {
    setBusy(true);
    setMessage(null);
    const round = await play({ bets: [...bets.values()] }, total);
    if (!round || round.outcome.kind !== 'roulette') {
      setBusy(false);
      return;
    }
    pending.current = round;
    // The table is long on a phone: bring the wheel into view for the spin.
    wheel.current?.scrollIntoView({ behavior: instant ? 'auto' : 'smooth', block: 'start' });
    setSpin({ number: round.outcome.number, id: (spin?.id ?? 0) + 1 });
  };

  const stopped = () => {
    const round = pending.current;
    if (!round) return;
    pending.current = null;
    setMessage(
      round.win > 0 ? { text: t('casino.studio.youWon', { amount: formatMoney(round.win) }), won: true } : { text: t('casino.studio.noWin'), won: false },
    );
    settle(round);
    setBusy(false);
  };

  const cell = (spot: Spot, label: string, className = '') => {
    const amount = bets.get(spotKey(spot))?.amount;
    const winning = spin && !busy && spot.kind === 'straight' && spot.number === spin.number;
    return (
      <button
        key={spotKey(spot)}
        type="button"
        className={`${tableStyles.cell} ${className} ${winning ? tableStyles.winning : ''}`}
        onClick={() => place(spot)}
        disabled={busy}
      >
        {label}
        {/* The name is what the cell shows, with the stake in full for a screen reader ("Red, ₹ 0.50"). */}
        {amount ? (
          <>
            <span className="visually-hidden">, {formatMoney(amount)}</span>
            <span className={tableStyles.chip} aria-hidden="true">
              {formatMoney(amount).replace(/[^\d.,]/g, '')}
            </span>
          </>
        ) : null}
      </button>
    );
  };

  return (
    <>
      <div ref={wheel}>
        <RouletteWheel result={spin?.number ?? null} spinId={spin?.id ?? 0} instant={instant} onStopped={stopped} />
      </div>
      <p className={styles.winBanner} data-won={message?.won} aria-live="polite" data-testid="round-result">
        {message?.text ?? ''}
      </p>
      <div className={tableStyles.table}>
        {cell({ kind: 'straight', number: 0 }, '0', `${tableStyles.zero} ${tableStyles.green}`)}
        <div className={tableStyles.numbers}>
          {Array.from({ length: 36 }, (_, index) => index + 1).map((number) =>
            cell({ kind: 'straight', number }, String(number), tableStyles[rouletteColour(number)]),
          )}
        </div>
        <div className={tableStyles.row3}>{[1, 2, 3].map((dozen) => cell({ kind: 'dozen', number: dozen }, t('casino.studio.dozen', { n: dozen })))}</div>
        <div className={tableStyles.row3}>{[1, 2, 3].map((column) => cell({ kind: 'column', number: column }, t('casino.studio.column', { n: column })))}</div>
        <div className={tableStyles.row6}>
          {OUTSIDE.map(({ spot, label }) =>
            cell(
              spot,
              label.startsWith('casino.') ? t(label as 'casino.studio.red') : label,
              spot.kind === 'red' ? tableStyles.red : spot.kind === 'black' ? tableStyles.black : '',
            ),
          )}
        </div>
      </div>
      <div className={styles.options} role="group" aria-label={t('casino.studio.chip')}>
        {chips.map((value) => (
          <button
            key={value}
            type="button"
            className={`${styles.option} ${tableStyles.chipOption}`}
            aria-pressed={chip === value}
            disabled={busy}
            onClick={() => setChip(value)}
          >
            {formatMoney(value)}
          </button>
        ))}
      </div>
      <div className={styles.fieldRow}>
        <button type="button" className={styles.option} onClick={() => setBets(new Map())} disabled={busy || bets.size === 0}>
          {t('casino.studio.clear')}
        </button>
        <output className={tableStyles.total}>
          {t('casino.studio.totalBet')} {formatMoney(total)}
        </output>
      </div>
      <button type="button" className={styles.play} onClick={start} disabled={busy || total < info.betMinMinor}>
        {t('casino.studio.spin')}
      </button>
    </>
  );
}
