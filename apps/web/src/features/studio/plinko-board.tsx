import { useEffect, useRef, useState } from 'react';
import { plinkoBallPoints } from './plinko-geometry.ts';
import styles from './plinko-board.module.css';

export interface PlinkoBoardProps {
  rows: number;
  /** Multiplier of each bin, left to right, in basis points. */
  multipliersBp: readonly number[];
  /** 0 = left, 1 = right at each row; null before the first drop. */
  path: readonly number[] | null;
  dropId: number;
  instant?: boolean;
  onLanded: () => void;
}

const WIDTH = 360;

function binColour(multiplierBp: number): string {
  if (multiplierBp >= 100_000) return '#ef4444';
  if (multiplierBp >= 30_000) return '#f97316';
  if (multiplierBp >= 10_000) return '#eab308';
  return '#22c55e';
}

/** Pegs in a triangle, bins with their multipliers, and the ball bouncing down the server's path. */
export function PlinkoBoard({ rows, multipliersBp, path, dropId, instant = false, onLanded }: PlinkoBoardProps) {
  const [ball, setBall] = useState<{ x: number; y: number } | null>(null);
  const [landed, setLanded] = useState<{ dropId: number; bin: number } | null>(null);
  const landedBin = landed && landed.dropId === dropId ? landed.bin : null;
  const frame = useRef(0);
  const gap = WIDTH / (rows + 2);
  const top = 24;

  useEffect(() => {
    if (!path || dropId === 0) return;
    const points = plinkoBallPoints(path, { width: WIDTH, gap, top });
    const bin = path.reduce((sum, step) => sum + step, 0);
    const stepMs = instant ? 0.001 : 120;
    const started = performance.now();
    const tick = (now: number) => {
      // The first frame's timestamp can precede `started`.
      const progress = Math.max(0, (now - started) / stepMs);
      const index = Math.min(Math.floor(progress), points.length - 2);
      const t = Math.min(progress - index, 1);
      const from = points[index]!;
      const to = points[index + 1]!;
      // A hop: straight across, with a small arc up as the ball leaves each peg.
      setBall({ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t * t - Math.sin(Math.PI * t) * gap * 0.25 });
      if (progress < points.length - 1) frame.current = requestAnimationFrame(tick);
      else {
        setLanded({ dropId, bin });
        onLanded();
      }
    };
    frame.current = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame.current);
    // One animation per drop id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dropId]);

  const pegs: { x: number; y: number }[] = [];
  for (let row = 0; row < rows; row += 1)
    for (let col = 0; col < row + 3; col += 1) pegs.push({ x: WIDTH / 2 + (col - (row + 2) / 2) * gap, y: top + row * gap * 0.9 });
  const binY = top + rows * gap * 0.9;
  const binWidth = gap;

  return (
    <svg className={styles.board} viewBox={`0 0 ${WIDTH} ${binY + 40}`} role="img" aria-label={`Plinko ${rows}`}>
      <defs>
        <radialGradient id="plinko-ball" cx=".35" cy=".35" r=".7">
          <stop offset="0" stopColor="#fff" />
          <stop offset="1" stopColor="#f472b6" />
        </radialGradient>
      </defs>
      {pegs.map((peg, index) => (
        <circle key={index} cx={peg.x} cy={peg.y} r={Math.max(2.5, gap * 0.1)} fill="#e2e8f0" />
      ))}
      {multipliersBp.map((multiplierBp, index) => {
        const x = WIDTH / 2 + (index - rows / 2) * binWidth - binWidth / 2 + 1.5;
        const lit = landedBin === index;
        return (
          <g key={index} className={lit ? styles.lit : undefined}>
            <rect x={x} y={binY + 4} width={binWidth - 3} height={28} rx={5} fill={binColour(multiplierBp)} opacity={lit ? 1 : 0.75} />
            <text x={x + (binWidth - 3) / 2} y={binY + 22} textAnchor="middle" fontSize={Math.min(11, binWidth * 0.36)} fontWeight="800" fill="#111827">
              {multiplierBp / 10_000}
            </text>
          </g>
        );
      })}
      {ball ? <circle cx={ball.x} cy={ball.y} r={Math.max(5, gap * 0.22)} fill="url(#plinko-ball)" /> : null}
    </svg>
  );
}
