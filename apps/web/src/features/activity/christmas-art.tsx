/**
 * The christmas theme's drawing (decision 061): a garland of lights, a tree with a star, presents and snow. Pure SVG
 * and decorative only (hidden from assistive technology); no downloaded assets.
 */
const BULBS = [
  { x: 18, y: 20, fill: '#ef4444' },
  { x: 58, y: 30, fill: '#facc15' },
  { x: 98, y: 34, fill: '#22c55e' },
  { x: 138, y: 30, fill: '#3b82f6' },
  { x: 178, y: 20, fill: '#ef4444' },
  { x: 218, y: 14, fill: '#facc15' },
  { x: 258, y: 20, fill: '#22c55e' },
];
const FLAKES: readonly (readonly [number, number])[] = [
  [40, 52],
  [120, 58],
  [200, 48],
  [300, 60],
  [240, 62],
  [80, 64],
];

export function ChristmasArt({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 390 72" preserveAspectRatio="xMidYMid slice" aria-hidden="true" focusable="false">
      <path d="M0 10 Q 60 44 120 30 T 240 14 T 300 22" fill="none" stroke="#15803d" strokeWidth="3" />
      {BULBS.map((bulb) => (
        <g key={bulb.x}>
          <rect x={bulb.x - 2} y={bulb.y - 3} width="4" height="4" fill="#4b5563" />
          <ellipse cx={bulb.x} cy={bulb.y + 5} rx="4.5" ry="6" fill={bulb.fill} />
        </g>
      ))}
      {FLAKES.map(([x, y]) => (
        <g key={`${x}:${y}`} stroke="#93c5fd" strokeWidth="1.5" strokeLinecap="round">
          <line x1={x - 4} y1={y} x2={x + 4} y2={y} />
          <line x1={x} y1={y - 4} x2={x} y2={y + 4} />
          <line x1={x - 3} y1={y - 3} x2={x + 3} y2={y + 3} />
          <line x1={x - 3} y1={y + 3} x2={x + 3} y2={y - 3} />
        </g>
      ))}
      <polygon points="352,4 355,11 362,11 356,15 358,22 352,18 346,22 348,15 342,11 349,11" fill="#facc15" />
      <polygon points="352,14 334,38 342,38 328,56 340,56 326,70 378,70 364,56 376,56 362,38 370,38" fill="#166534" />
      <circle cx="346" cy="44" r="2.5" fill="#ef4444" />
      <circle cx="358" cy="52" r="2.5" fill="#facc15" />
      <circle cx="350" cy="62" r="2.5" fill="#3b82f6" />
      <rect x="300" y="56" width="16" height="14" rx="1" fill="#b91c1c" />
      <rect x="306.5" y="56" width="3" height="14" fill="#facc15" />
      <rect x="318" y="60" width="12" height="10" rx="1" fill="#2563eb" />
      <rect x="322.5" y="60" width="3" height="10" fill="#f8fafc" />
    </svg>
  );
}
