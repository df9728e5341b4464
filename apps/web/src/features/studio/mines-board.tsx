import styles from './mines-board.module.css';

export interface MinesBoardProps {
  revealed: readonly number[];
  /** Known only once the round is over. */
  minePositions: readonly number[];
  /** Tile waiting for the server's answer. */
  pending: number | null;
  canPick: boolean;
  tileLabel: (tile: number) => string;
  onPick: (tile: number) => void;
}

function Gem() {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true">
      <path d="M10 6 H30 L38 16 L20 36 L2 16Z" fill="#22c55e" />
      <path d="M10 6 L14 16 L20 36 L26 16 L30 6 M2 16 H38" stroke="#bbf7d0" strokeWidth="1.5" fill="none" />
    </svg>
  );
}

function Mine() {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true">
      <circle cx="20" cy="22" r="12" fill="#111827" />
      <path d="M20 4 V10 M20 34 V40 M4 22 H8 M32 22 H36 M8 10 L12 14 M32 10 L28 14" stroke="#111827" strokeWidth="3" strokeLinecap="round" />
      <circle cx="16" cy="18" r="3" fill="#fff" opacity=".7" />
      <path d="M26 8 l4 -4" stroke="#f97316" strokeWidth="3" />
    </svg>
  );
}

/** The 5×5 field: tap tiles to find gems; after the round every mine is shown, the one hit in red. */
export function MinesBoard({ revealed, minePositions, pending, canPick, tileLabel, onPick }: MinesBoardProps) {
  const mines = new Set(minePositions);
  const opened = new Set(revealed);
  const lastPick = revealed[revealed.length - 1];
  return (
    <div className={styles.board}>
      {Array.from({ length: 25 }, (_, tile) => {
        const isMine = mines.has(tile);
        const isOpen = opened.has(tile);
        const state = isOpen ? (isMine ? 'hit' : 'gem') : isMine ? 'mine' : minePositions.length > 0 ? 'missed' : 'closed';
        return (
          <button
            key={tile}
            type="button"
            className={`${styles.tile} ${styles[state]} ${pending === tile ? styles.pending : ''}`}
            data-state={state}
            data-last={tile === lastPick || undefined}
            disabled={!canPick || isOpen || pending !== null}
            aria-label={tileLabel(tile)}
            onClick={() => onPick(tile)}
          >
            {state === 'gem' || state === 'missed' ? <Gem /> : null}
            {state === 'hit' || state === 'mine' ? <Mine /> : null}
          </button>
        );
      })}
    </div>
  );
}
