import { useEffect, useRef, useState } from 'react';
import { ROULETTE_WHEEL_ORDER, rouletteColour, rouletteRotationDeg } from './roulette-layout.ts';
import styles from './roulette-wheel.module.css';

const SLICE = 360 / ROULETTE_WHEEL_ORDER.length;

/** The single-zero wheel, spun so the winning pocket stops under the pointer at the top. */
export function RouletteWheel({
  result,
  spinId,
  instant = false,
  onStopped,
}: {
  result: number | null;
  spinId: number;
  instant?: boolean;
  onStopped: () => void;
}) {
  const [rotation, setRotation] = useState(0);
  const previous = useRef(0);
  useEffect(() => {
    if (result === null || spinId === 0) return;
    const next = rouletteRotationDeg(previous.current, result, instant ? 0 : 5);
    previous.current = next;
    setRotation(next);
    const done = setTimeout(onStopped, instant ? 0 : 3600);
    return () => clearTimeout(done);
    // One spin per id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [spinId]);

  return (
    <div className={styles.frame}>
      <div className={styles.pointer} aria-hidden="true" />
      <svg
        viewBox="-110 -110 220 220"
        className={styles.wheel}
        style={{ transform: `rotate(${rotation}deg)`, transitionDuration: instant ? '0s' : undefined }}
        aria-hidden="true"
      >
        <circle r="108" fill="#78350f" />
        {ROULETTE_WHEEL_ORDER.map((pocket, index) => {
          const a0 = ((index * SLICE - 90 - SLICE / 2) * Math.PI) / 180;
          const a1 = (((index + 1) * SLICE - 90 - SLICE / 2) * Math.PI) / 180;
          const colour = rouletteColour(pocket);
          const mid = (index * SLICE * Math.PI) / 180;
          return (
            <g key={pocket}>
              <path
                d={`M0 0 L${Math.cos(a0) * 100} ${Math.sin(a0) * 100} A100 100 0 0 1 ${Math.cos(a1) * 100} ${Math.sin(a1) * 100}Z`}
                fill={colour === 'green' ? '#16a34a' : colour === 'red' ? '#dc2626' : '#111827'}
                stroke="#fbbf24"
                strokeWidth="0.6"
              />
              <text
                x={Math.sin(mid) * 88}
                y={-Math.cos(mid) * 88}
                transform={`rotate(${index * SLICE} ${Math.sin(mid) * 88} ${-Math.cos(mid) * 88})`}
                textAnchor="middle"
                dominantBaseline="central"
                fontSize="8"
                fontWeight="700"
                fill="#fff"
              >
                {pocket}
              </text>
            </g>
          );
        })}
        <circle r="66" fill="#451a03" stroke="#fbbf24" strokeWidth="2" />
        <circle r="24" fill="#fbbf24" />
        <path d="M0 -40 V40 M-40 0 H40" stroke="#fbbf24" strokeWidth="5" strokeLinecap="round" />
        <circle r="8" fill="#78350f" />
      </svg>
      {result !== null && spinId !== 0 ? (
        <div key={spinId} className={`${styles.result} ${styles[rouletteColour(result)]}`} aria-live="polite">
          {result}
        </div>
      ) : null}
    </div>
  );
}
