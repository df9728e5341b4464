import { useEffect, useMemo, useState } from 'react';
import { SlotSymbol, type SlotTheme } from './slot-symbols.tsx';
import styles from './slot-reels.module.css';

const FILLER_COUNT = 14;

export interface SlotReelsProps {
  theme: SlotTheme;
  /** Visible symbols, one array per reel, top to bottom. */
  grid: readonly (readonly string[])[];
  /** Symbol codes used to fill the blur strip while the reels run. */
  pool: readonly string[];
  /** Changes once per spin; a new value starts the animation. */
  spinId: number;
  /** Cells of winning combinations as `reel:row`, lit once the reels stop. */
  winCells: ReadonlySet<string>;
  /** Animation off (reduced motion, turbo): reels land at once. */
  instant?: boolean;
  onStopped: () => void;
}

/** Reels that spin down onto the server's outcome, each stopping a beat after the previous one. */
export function SlotReels({ theme, grid, pool, spinId, winCells, instant = false, onStopped }: SlotReelsProps) {
  // How many reels have stopped in which spin; a new spin id means none yet.
  const [stopped, setStopped] = useState({ spinId: 0, reels: 0 });
  const landed = instant || spinId === 0 ? grid.length : stopped.spinId === spinId ? stopped.reels : 0;
  const fillers = useMemo(
    () => grid.map((_, reel) => Array.from({ length: FILLER_COUNT }, (_, index) => pool[(spinId * 7 + reel * 5 + index * 3) % pool.length]!)),
    [grid, pool, spinId],
  );
  const rows = grid[0]?.length ?? 3;

  useEffect(() => {
    if (spinId === 0) return;
    const timers = instant ? [] : grid.map((_, reel) => setTimeout(() => setStopped({ spinId, reels: reel + 1 }), 700 + reel * 220));
    const done = setTimeout(onStopped, instant ? 0 : 760 + (grid.length - 1) * 220);
    return () => {
      timers.forEach(clearTimeout);
      clearTimeout(done);
    };
    // onStopped is called once per spin id, not whenever the parent re-renders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [spinId]);

  return (
    <div className={`${styles.reels} ${styles[theme]}`} style={{ ['--rows' as string]: rows }}>
      {grid.map((column, reel) => {
        const running = spinId !== 0 && !instant && landed <= reel;
        return (
          <div key={reel} className={styles.reel}>
            <div
              key={`${spinId}-${reel}`}
              className={`${styles.strip} ${running ? styles.running : ''}`}
              style={{ ['--duration' as string]: `${700 + reel * 220}ms`, ['--fillers' as string]: FILLER_COUNT }}
            >
              {column.map((code, row) => {
                const win = !running && landed > reel && winCells.has(`${reel}:${row}`);
                return (
                  <div key={row} className={`${styles.cell} ${win ? styles.win : ''}`} data-win={win || undefined}>
                    <SlotSymbol theme={theme} code={code} highlight={win} />
                  </div>
                );
              })}
              {running
                ? fillers[reel]!.map((code, index) => (
                    <div key={`f${index}`} className={styles.cell}>
                      <SlotSymbol theme={theme} code={code} />
                    </div>
                  ))
                : null}
            </div>
          </div>
        );
      })}
    </div>
  );
}
