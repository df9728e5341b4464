import type { ReactNode } from 'react';

/**
 * Slot symbols drawn in SVG (viewBox 0 0 64 64). Each theme maps the studio's symbol codes to art; a code
 * without art gets a lettered gem in the theme's colours, so a new symbol never shows as a blank.
 */
export type SlotTheme = 'sevens' | 'koi' | 'reef';

const THEME_COLOURS: Record<SlotTheme, { tile: string; edge: string; gem: string }> = {
  sevens: { tile: '#1c1917', edge: '#dc2626', gem: '#fbbf24' },
  koi: { tile: '#1e1033', edge: '#c026d3', gem: '#22d3ee' },
  reef: { tile: '#082f49', edge: '#0ea5e9', gem: '#2dd4bf' },
};

function Bars({ count }: { count: number }) {
  const top = 32 - count * 8;
  return (
    <>
      {Array.from({ length: count }, (_, index) => (
        <g key={index}>
          <rect x="8" y={top + index * 16} width="48" height="13" rx="3" fill="#111827" stroke="#fbbf24" strokeWidth="2" />
          <text x="32" y={top + index * 16 + 10.5} textAnchor="middle" fontSize="10" fontWeight="900" fill="#fbbf24" fontFamily="system-ui, sans-serif">
            BAR
          </text>
        </g>
      ))}
    </>
  );
}

const CARD_COLOURS: Record<string, string> = { a: '#f43f5e', k: '#f59e0b', q: '#a855f7', j: '#38bdf8' };

const ART: Record<string, ReactNode> = {
  cherry: (
    <>
      <path d="M22 40 Q28 14 46 10 M42 42 Q40 22 46 10" stroke="#16a34a" strokeWidth="3.5" fill="none" strokeLinecap="round" />
      <circle cx="21" cy="44" r="11" fill="#ef4444" />
      <circle cx="42" cy="46" r="11" fill="#dc2626" />
      <circle cx="17" cy="40" r="3" fill="#fff" opacity=".6" />
    </>
  ),
  lemon: (
    <>
      <ellipse cx="32" cy="34" rx="22" ry="16" fill="#facc15" />
      <ellipse cx="26" cy="28" rx="7" ry="3" fill="#fff" opacity=".5" />
    </>
  ),
  grape: (
    <>
      {[
        [24, 24],
        [38, 24],
        [31, 35],
        [20, 36],
        [42, 36],
        [31, 47],
      ].map(([x, y]) => (
        <circle key={`${x}${y}`} cx={x} cy={y} r="8" fill="#8b5cf6" stroke="#5b21b6" strokeWidth="1.5" />
      ))}
      <path d="M31 16 q6 -8 12 -6" stroke="#16a34a" strokeWidth="3" fill="none" />
    </>
  ),
  bell: (
    <>
      <path d="M32 10 C18 10 18 28 16 40 L12 46 H52 L48 40 C46 28 46 10 32 10Z" fill="#fbbf24" stroke="#b45309" strokeWidth="2" />
      <circle cx="32" cy="50" r="5" fill="#b45309" />
    </>
  ),
  seven: (
    <text x="32" y="50" textAnchor="middle" fontSize="46" fontWeight="900" fill="#ef4444" stroke="#fde047" strokeWidth="2.5" fontFamily="system-ui, sans-serif">
      7
    </text>
  ),
  ankh: (
    <>
      <ellipse cx="32" cy="20" rx="9" ry="11" fill="none" stroke="#fbbf24" strokeWidth="6" />
      <path d="M32 30 V56 M16 34 H48" stroke="#fbbf24" strokeWidth="6" strokeLinecap="round" />
    </>
  ),
  eye: (
    <>
      <path d="M6 32 Q32 8 58 32 Q32 52 6 32Z" fill="#e0f2fe" stroke="#1d4ed8" strokeWidth="3" />
      <circle cx="32" cy="31" r="9" fill="#1d4ed8" />
      <path d="M26 42 l-6 14 M38 42 q4 8 12 10" stroke="#1d4ed8" strokeWidth="3" fill="none" />
    </>
  ),
  scarab: (
    <>
      <ellipse cx="32" cy="36" rx="14" ry="18" fill="#0d9488" />
      <path d="M32 20 V54 M18 30 L6 24 M46 30 L58 24 M18 42 L6 48 M46 42 L58 48" stroke="#134e4a" strokeWidth="3" />
      <circle cx="32" cy="14" r="7" fill="#f59e0b" />
    </>
  ),
  pyramid: (
    <>
      <path d="M32 8 L58 54 H6Z" fill="#f59e0b" />
      <path d="M32 8 L58 54 H32Z" fill="#b45309" />
    </>
  ),
  pharaoh: (
    <>
      <path d="M14 20 Q32 0 50 20 L54 56 H10Z" fill="#1d4ed8" />
      <path d="M18 22 h28 M16 32 h32 M14 42 h36" stroke="#fbbf24" strokeWidth="4" />
      <ellipse cx="32" cy="34" rx="11" ry="14" fill="#d6a36a" />
      <rect x="28" y="46" width="8" height="12" rx="2" fill="#fbbf24" />
    </>
  ),
  shell: (
    <>
      <path d="M32 54 L8 28 Q32 2 56 28Z" fill="#fda4af" stroke="#be123c" strokeWidth="2" />
      <path d="M32 54 L20 18 M32 54 V12 M32 54 L44 18" stroke="#be123c" strokeWidth="2" />
    </>
  ),
  starfish: (
    <path d="M32 6 L39 24 L58 25 L43 37 L48 56 L32 45 L16 56 L21 37 L6 25 L25 24Z" fill="#fb923c" stroke="#c2410c" strokeWidth="2" strokeLinejoin="round" />
  ),
  fish: (
    <>
      <path d="M8 32 Q28 10 48 32 Q28 54 8 32Z" fill="#38bdf8" />
      <path d="M46 32 L60 20 V44Z" fill="#0284c7" />
      <circle cx="20" cy="29" r="3" fill="#082f49" />
    </>
  ),
  pearl: (
    <>
      <circle cx="32" cy="34" r="18" fill="#f1f5f9" />
      <circle cx="26" cy="28" r="6" fill="#fff" />
      <circle cx="32" cy="34" r="18" fill="none" stroke="#cbd5e1" strokeWidth="2" />
    </>
  ),
  piranha: (
    <>
      <path d="M6 32 Q24 6 46 26 L60 16 L56 32 L60 48 L46 38 Q24 58 6 32Z" fill="#ef4444" />
      <path d="M9 34 l5 -5 l4 5 l4 -5 l4 5 l4 -5 l4 5" stroke="#fff" strokeWidth="2.5" fill="none" strokeLinejoin="round" />
      <circle cx="20" cy="24" r="3.5" fill="#111827" />
    </>
  ),
  turtle: (
    <>
      <ellipse cx="32" cy="34" rx="18" ry="14" fill="#16a34a" />
      <path d="M20 30 h24 M22 38 h20 M32 22 v24" stroke="#14532d" strokeWidth="2" />
      <circle cx="54" cy="32" r="6" fill="#4ade80" />
      <path d="M18 22 l-6 -6 M46 22 l6 -6 M18 46 l-6 6 M46 46 l6 6" stroke="#4ade80" strokeWidth="5" strokeLinecap="round" />
    </>
  ),
  lantern: (
    <>
      <path d="M32 6 V12" stroke="#fbbf24" strokeWidth="3" />
      <rect x="22" y="12" width="20" height="5" rx="2" fill="#fbbf24" />
      <ellipse cx="32" cy="34" rx="18" ry="17" fill="#ef4444" />
      <path d="M22 20 Q16 34 22 48 M42 20 Q48 34 42 48 M32 17 V51" stroke="#fca5a5" strokeWidth="2" fill="none" />
      <rect x="24" y="50" width="16" height="5" rx="2" fill="#fbbf24" />
      <path d="M32 55 V62" stroke="#fbbf24" strokeWidth="3" />
    </>
  ),
  dragon: (
    <>
      <path d="M8 44 Q16 20 34 22 Q50 22 56 12 Q58 30 44 36 Q54 44 50 56 Q40 44 28 46 Q18 50 8 44Z" fill="#22d3ee" />
      <circle cx="46" cy="22" r="3" fill="#1e1033" />
      <path d="M14 40 l4 -6 l4 6 l4 -6 l4 6" stroke="#0e7490" strokeWidth="2.5" fill="none" />
    </>
  ),
  koi: (
    <>
      <path d="M6 32 Q26 10 46 28 L60 18 L56 32 L60 46 L46 36 Q26 54 6 32Z" fill="#fb7185" />
      <path d="M20 22 q10 6 4 18 q-12 -4 -4 -18z M34 26 q8 4 2 12 q-10 -2 -2 -12z" fill="#fff" />
      <circle cx="14" cy="30" r="2.5" fill="#1e1033" />
    </>
  ),
  fan: (
    <>
      <path d="M32 54 L6 26 A36 36 0 0 1 58 26Z" fill="#c026d3" />
      <path d="M32 54 L14 18 M32 54 L32 12 M32 54 L50 18" stroke="#f0abfc" strokeWidth="2" />
      <circle cx="32" cy="54" r="4" fill="#fbbf24" />
    </>
  ),
  coin: (
    <>
      <circle cx="32" cy="32" r="24" fill="#fbbf24" stroke="#b45309" strokeWidth="3" />
      <rect x="25" y="25" width="14" height="14" fill="#b45309" />
      <circle cx="32" cy="32" r="16" fill="none" stroke="#fde68a" strokeWidth="2" />
    </>
  ),
  bar1: <Bars count={1} />,
  bar2: <Bars count={2} />,
  bar3: <Bars count={3} />,
  wild: (
    <>
      <rect x="4" y="16" width="56" height="32" rx="10" fill="#16a34a" stroke="#fde047" strokeWidth="3" />
      <text x="32" y="39" textAnchor="middle" fontSize="17" fontWeight="900" fill="#fff" fontFamily="system-ui, sans-serif">
        WILD
      </text>
    </>
  ),
  scatter: (
    <>
      <path d="M32 4 L38 24 L58 26 L42 38 L48 58 L32 46 L16 58 L22 38 L6 26 L26 24Z" fill="#fde047" stroke="#f59e0b" strokeWidth="2" />
      <circle cx="32" cy="33" r="7" fill="#f59e0b" />
    </>
  ),
};

/** One symbol on its tile; `highlight` draws the winning glow. */
export function SlotSymbol({ theme, code, highlight = false }: { theme: SlotTheme; code: string; highlight?: boolean }) {
  const colours = THEME_COLOURS[theme];
  const card = CARD_COLOURS[code.toLowerCase()];
  const art = card ? (
    <text x="32" y="47" textAnchor="middle" fontSize="40" fontWeight="900" fill={card} stroke="#fff" strokeWidth="1.5" fontFamily="system-ui, sans-serif">
      {code.toUpperCase()}
    </text>
  ) : (
    (ART[code.toLowerCase()] ?? (
      <>
        <path d="M32 8 L54 28 L32 56 L10 28Z" fill={colours.gem} />
        <text x="32" y="36" textAnchor="middle" fontSize="16" fontWeight="800" fill="#111827" fontFamily="system-ui, sans-serif">
          {code.slice(0, 2).toUpperCase()}
        </text>
      </>
    ))
  );
  return (
    <svg viewBox="0 0 64 64" width="100%" height="100%" aria-label={code} role="img">
      <rect x="1" y="1" width="62" height="62" rx="12" fill={colours.tile} stroke={highlight ? '#fde047' : colours.edge} strokeWidth={highlight ? 4 : 1.5} />
      {art}
    </svg>
  );
}
