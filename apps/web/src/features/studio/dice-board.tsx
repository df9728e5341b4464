import styles from './dice-board.module.css';

export interface DiceBoardProps {
  /** Target in hundredths (0–10000). */
  target: number;
  direction: 'under' | 'over';
  /** Last roll in hundredths, or null before the first. */
  roll: number | null;
  won: boolean | null;
  rollId: number;
  disabled: boolean;
  targetLabel: string;
  onTargetChange: (target: number) => void;
}

/** Spec-free classic dice: a 0–100 track, the winning side lit, the roll flying in as a marker. */
export function DiceBoard({ target, direction, roll, won, rollId, disabled, targetLabel, onTargetChange }: DiceBoardProps) {
  const targetPercent = target / 100;
  const winFrom = direction === 'under' ? 0 : targetPercent;
  const winTo = direction === 'under' ? targetPercent : 100;
  return (
    <div className={styles.board}>
      <div className={styles.rollReadout} aria-live="polite" data-won={won ?? undefined} key={rollId}>
        {roll === null ? '—' : (roll / 100).toFixed(2)}
      </div>
      <div className={styles.track}>
        <div className={styles.lose} />
        <div className={styles.win} style={{ left: `${winFrom}%`, width: `${winTo - winFrom}%` }} />
        {roll !== null ? (
          <div key={rollId} className={`${styles.marker} ${won ? styles.markerWin : styles.markerLose}`} style={{ left: `${roll / 100}%` }}>
            {(roll / 100).toFixed(2)}
          </div>
        ) : null}
        <input
          className={styles.slider}
          type="range"
          min={200}
          max={9800}
          step={1}
          value={target}
          disabled={disabled}
          aria-label={targetLabel}
          aria-valuetext={(target / 100).toFixed(2)}
          onChange={(event) => onTargetChange(Number(event.target.value))}
        />
      </div>
      <div className={styles.scale} aria-hidden="true">
        {[0, 25, 50, 75, 100].map((mark) => (
          <span key={mark}>{mark}</span>
        ))}
      </div>
    </div>
  );
}
