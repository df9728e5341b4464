/**
 * Game cover art drawn as SVG in the app's own style: no image files to download, sharp at any pixel
 * density, and a cover even for a game whose studio sends none. Pure string building, so it is tested
 * and can be cached per game.
 */

export type CoverKind =
  | 'slot-sevens'
  | 'slot-koi'
  | 'slot-reef'
  | 'crash'
  | 'mines'
  | 'dice'
  | 'plinko'
  | 'roulette'
  | 'limbo'
  | 'keno'
  | 'baccarat'
  | 'generic'
  | 'wheel'
  | 'tower'
  | 'bingo'
  | 'fishing'
  | 'video-poker'
  | 'hilo'
  | 'blackjack';

const PALETTES: Record<CoverKind, readonly [string, string, string]> = {
  'slot-sevens': ['#7c2d12', '#dc2626', '#fde047'],
  'slot-koi': ['#2e1065', '#c026d3', '#22d3ee'],
  'slot-reef': ['#0c4a6e', '#0891b2', '#5eead4'],
  crash: ['#1e1b4b', '#4338ca', '#f472b6'],
  mines: ['#052e16', '#15803d', '#facc15'],
  dice: ['#172554', '#2563eb', '#f8fafc'],
  plinko: ['#4a044e', '#a21caf', '#67e8f9'],
  roulette: ['#450a0a', '#15803d', '#fbbf24'],
  limbo: ['#0f172a', '#0e7490', '#f0abfc'],
  keno: ['#3b0764', '#7c3aed', '#4ade80'],
  baccarat: ['#052e16', '#166534', '#facc15'],
  generic: ['#1f2937', '#374151', '#e5e7eb'],
  wheel: ['#431407', '#ea580c', '#fde68a'],
  tower: ['#0f172a', '#475569', '#fbbf24'],
  bingo: ['#500724', '#db2777', '#fef08a'],
  fishing: ['#082f49', '#0369a1', '#fb923c'],
  'video-poker': ['#172554', '#1d4ed8', '#fbbf24'],
  hilo: ['#3f0d12', '#be123c', '#fde68a'],
  blackjack: ['#450a0a', '#991b1b', '#fbbf24'],
};

/** Picks the art for a game from its code; codes of the house studio name their game kind. */
export function coverKindOf(gameId: string): CoverKind {
  const code = gameId.toLowerCase();
  if (/crash|rocket/.test(code)) return 'crash';
  if (/mine/.test(code)) return 'mines';
  if (/dice/.test(code)) return 'dice';
  if (/plinko/.test(code)) return 'plinko';
  if (/roulette/.test(code)) return 'roulette';
  if (/limbo/.test(code)) return 'limbo';
  if (/wheel|fortune-wheel/.test(code)) return 'wheel';
  if (/tower/.test(code)) return 'tower';
  if (/bingo/.test(code)) return 'bingo';
  if (/fish/.test(code)) return 'fishing';
  if (/keno|lotto/.test(code)) return 'keno';
  if (/baccarat|punto/.test(code)) return 'baccarat';
  if (/blackjack|twenty-one/.test(code)) return 'blackjack';
  if (/seven|fruit|cherry/.test(code)) return 'slot-sevens';
  if (/koi|neon/.test(code)) return 'slot-koi';
  if (/reef|ocean|piranha|sea/.test(code)) return 'slot-reef';
  if (/poker|jacks/.test(code)) return 'video-poker';
  if (/hilo|hi-lo|higher/.test(code)) return 'hilo';
  return 'generic';
}

/** A small stable hash so the same game always gets the same hue and pattern. */
export function coverSeed(text: string): number {
  let hash = 2166136261;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!);
}

function glyph(kind: CoverKind, accent: string, seed: number): string {
  switch (kind) {
    case 'slot-sevens':
      return `<g transform="translate(120 122)"><circle r="70" fill="#000" opacity=".18"/><text y="44" text-anchor="middle" font-family="system-ui,sans-serif" font-weight="900" font-size="132" fill="#ef4444" stroke="${accent}" stroke-width="6">7</text><circle cx="-62" cy="-52" r="16" fill="#ef4444"/><circle cx="-44" cy="-40" r="16" fill="#dc2626"/><path d="M-62 -66 Q-50 -96 -30 -98 M-44 -54 Q-40 -80 -30 -98" stroke="#22c55e" stroke-width="4" fill="none"/></g>`;
    case 'slot-koi':
      return `<g transform="translate(120 118)"><circle r="72" fill="none" stroke="${accent}" stroke-width="3" opacity=".6"/><path d="M-56 10 Q-10 -60 44 -18 L70 -40 L62 0 L72 34 L44 16 Q-10 58 -56 10Z" fill="#fb7185"/><path d="M-20 -22 q14 10 6 30 q-18 -6 -6 -30z M10 -6 q12 8 4 22 q-14 -4 -4 -22z" fill="#fff" opacity=".85"/><circle cx="-36" cy="0" r="6" fill="#2e1065"/><path d="M-56 10 q-10 10 -4 22" stroke="${accent}" stroke-width="3" fill="none"/></g>`;
    case 'slot-reef':
      return `<g transform="translate(120 120)"><path d="M-62 0 Q-20 -52 40 -12 L70 -36 L62 0 L70 36 L40 12 Q-20 52 -62 0Z" fill="${accent}"/><path d="M-56 6 l10 -8 l8 8 l8 -8 l8 8 l8 -8 l8 8" stroke="#0c4a6e" stroke-width="4" fill="none" stroke-linejoin="round"/><circle cx="-34" cy="-10" r="7" fill="#0c4a6e"/><circle cx="-32" cy="-12" r="2.5" fill="#fff"/><circle cx="-70" cy="-44" r="6" fill="none" stroke="#fff" stroke-width="2" opacity=".6"/><circle cx="-80" cy="-62" r="4" fill="none" stroke="#fff" stroke-width="2" opacity=".5"/></g>`;
    case 'crash':
      return `<g><path d="M20 190 Q120 180 200 50" stroke="${accent}" stroke-width="8" fill="none" stroke-linecap="round"/><path d="M20 190 Q120 180 200 50 L200 190Z" fill="${accent}" opacity=".18"/><g transform="translate(200 50) rotate(35)"><path d="M0 -22 q12 14 0 44 q-12 -30 0 -44z" fill="#fff"/><circle cy="-2" r="5" fill="${accent}"/><path d="M-5 22 l5 14 l5 -14z" fill="#fb923c"/></g></g>`;
    case 'mines': {
      const cells: string[] = [];
      for (let row = 0; row < 4; row += 1)
        for (let col = 0; col < 4; col += 1) {
          const gem = ((seed >> (row * 4 + col)) & 3) === 0;
          const x = 44 + col * 40;
          const y = 44 + row * 40;
          cells.push(`<rect x="${x}" y="${y}" width="34" height="34" rx="7" fill="#fff" opacity="${gem ? 0.9 : 0.16}"/>`);
          if (gem) cells.push(`<path d="M${x + 17} ${y + 7} l10 10 l-10 11 l-10 -11z" fill="#16a34a"/>`);
        }
      return `<g>${cells.join('')}<circle cx="182" cy="74" r="15" fill="#111827"/><path d="M182 59 l4 -8" stroke="${accent}" stroke-width="3"/></g>`;
    }
    case 'dice':
      return `<g transform="translate(120 118) rotate(-12)"><rect x="-52" y="-52" width="104" height="104" rx="22" fill="${accent}"/><rect x="-52" y="-52" width="104" height="104" rx="22" fill="none" stroke="#1e3a8a" stroke-width="4" opacity=".4"/>${[
        [-26, -26],
        [26, -26],
        [0, 0],
        [-26, 26],
        [26, 26],
      ]
        .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="10" fill="#1e3a8a"/>`)
        .join('')}</g>`;
    case 'plinko': {
      const pegs: string[] = [];
      for (let row = 0; row < 6; row += 1)
        for (let col = 0; col <= row + 1; col += 1)
          pegs.push(`<circle cx="${120 + (col - (row + 1) / 2) * 26}" cy="${48 + row * 24}" r="4.5" fill="#fff" opacity=".85"/>`);
      return `<g>${pegs.join('')}<circle cx="133" cy="108" r="9" fill="${accent}"/></g>`;
    }
    case 'roulette': {
      const slices: string[] = [];
      for (let index = 0; index < 18; index += 1) {
        const a0 = (index / 18) * Math.PI * 2;
        const a1 = ((index + 1) / 18) * Math.PI * 2;
        const point = (angle: number, radius: number) => `${(120 + Math.cos(angle) * radius).toFixed(1)} ${(118 + Math.sin(angle) * radius).toFixed(1)}`;
        const fill = index === 0 ? '#16a34a' : index % 2 ? '#b91c1c' : '#111827';
        slices.push(`<path d="M120 118 L${point(a0, 74)} A74 74 0 0 1 ${point(a1, 74)}Z" fill="${fill}"/>`);
      }
      return `<g>${slices.join('')}<circle cx="120" cy="118" r="78" fill="none" stroke="${accent}" stroke-width="8"/><circle cx="120" cy="118" r="30" fill="${accent}"/><circle cx="120" cy="118" r="10" fill="#78350f"/><circle cx="168" cy="76" r="7" fill="#fff"/></g>`;
    }
    case 'limbo':
      return `<g transform="translate(120 118)"><circle r="70" fill="none" stroke="${accent}" stroke-width="6" opacity=".35"/><path d="M-70 40 L-20 -10 L10 20 L70 -50" stroke="${accent}" stroke-width="8" fill="none" stroke-linecap="round" stroke-linejoin="round"/><path d="M70 -50 l-26 2 l24 24z" fill="${accent}"/><text y="62" text-anchor="middle" font-family="system-ui,sans-serif" font-weight="900" font-size="34" fill="#fff">${(2 + (seed % 97) / 10).toFixed(2)}×</text></g>`;
    case 'keno': {
      const balls: string[] = [];
      for (let index = 0; index < 15; index += 1) {
        const x = 48 + (index % 5) * 36;
        const y = 54 + Math.floor(index / 5) * 40;
        const lit = ((seed >> index) & 3) === 0;
        balls.push(`<circle cx="${x}" cy="${y}" r="15" fill="${lit ? accent : '#fff'}" opacity="${lit ? 1 : 0.2}"/>`);
        balls.push(
          `<text x="${x}" y="${y + 5}" text-anchor="middle" font-family="system-ui,sans-serif" font-weight="800" font-size="13" fill="${lit ? '#14532d' : '#fff'}">${index * 2 + 3}</text>`,
        );
      }
      return `<g>${balls.join('')}</g>`;
    }
    case 'baccarat':
      return `<g transform="translate(120 118)"><g transform="rotate(-14) translate(-34 0)"><rect x="-34" y="-50" width="68" height="98" rx="8" fill="#fff"/><text x="-22" y="-26" font-family="system-ui,sans-serif" font-weight="900" font-size="22" fill="#111827">9</text><text y="24" text-anchor="middle" font-size="40" fill="#111827">♠</text></g><g transform="rotate(12) translate(34 -4)"><rect x="-34" y="-50" width="68" height="98" rx="8" fill="#fff"/><text x="-22" y="-26" font-family="system-ui,sans-serif" font-weight="900" font-size="22" fill="#b91c1c">K</text><text y="24" text-anchor="middle" font-size="40" fill="#b91c1c">♥</text></g><circle cx="0" cy="70" r="14" fill="${accent}"/><circle cx="0" cy="70" r="8" fill="none" stroke="#78350f" stroke-width="3"/></g>`;
    case 'blackjack':
      return `<g transform="translate(120 118)"><g transform="rotate(-12) translate(-30 0)"><rect x="-34" y="-50" width="68" height="98" rx="8" fill="#fff"/><text x="-22" y="-26" font-family="system-ui,sans-serif" font-weight="900" font-size="22" fill="#111827">A</text><text y="24" text-anchor="middle" font-size="40" fill="#111827">♠</text></g><g transform="rotate(10) translate(30 -4)"><rect x="-34" y="-50" width="68" height="98" rx="8" fill="#fff"/><text x="-22" y="-26" font-family="system-ui,sans-serif" font-weight="900" font-size="22" fill="#b91c1c">J</text><text y="24" text-anchor="middle" font-size="40" fill="#b91c1c">♦</text></g><text y="82" text-anchor="middle" font-family="system-ui,sans-serif" font-weight="900" font-size="26" fill="${accent}">21</text></g>`;
    case 'video-poker': {
      // A fanned royal flush in spades.
      const fan = ['10', 'J', 'Q', 'K', 'A']
        .map(
          (rank, index) =>
            `<g transform="rotate(${(index - 2) * 12} 0 90) translate(0 -8)"><rect x="-26" y="-46" width="52" height="76" rx="6" fill="#fff" stroke="#0f172a" stroke-opacity=".25"/><text x="-18" y="-26" font-family="system-ui,sans-serif" font-weight="900" font-size="17" fill="#111827">${rank}</text><text y="16" text-anchor="middle" font-size="28" fill="#111827">♠</text></g>`,
        )
        .join('');
      return `<g transform="translate(120 112)">${fan}<rect x="-58" y="52" width="116" height="26" rx="13" fill="${accent}"/><text y="71" text-anchor="middle" font-family="system-ui,sans-serif" font-weight="900" font-size="16" fill="#172554">9/6</text></g>`;
    }
    case 'hilo':
      return `<g transform="translate(120 118)"><rect x="-36" y="-54" width="72" height="104" rx="9" fill="#fff"/><text x="-24" y="-28" font-family="system-ui,sans-serif" font-weight="900" font-size="24" fill="#b91c1c">${['7', '8', '9', 'J', 'Q'][seed % 5]}</text><text y="22" text-anchor="middle" font-size="42" fill="#b91c1c">♥</text><path d="M-70 -16 l18 -26 l18 26z" fill="${accent}"/><path d="M52 16 l18 26 l18 -26z" transform="translate(-18 0)" fill="${accent}"/></g>`;
    case 'generic':
      return `<g transform="translate(120 118)"><circle r="56" fill="#fff" opacity=".1"/><path d="M-18 -28 h36 l-8 56 h-20z" fill="${accent}" opacity=".85"/></g>`;
    case 'wheel': {
      const slices: string[] = [];
      const colours = ['#f97316', '#fde68a', '#1f2937', '#fb923c', '#fef3c7', '#7c2d12'];
      for (let index = 0; index < 12; index += 1) {
        const a0 = (index / 12) * Math.PI * 2 + (seed % 30) / 100;
        const a1 = ((index + 1) / 12) * Math.PI * 2 + (seed % 30) / 100;
        const point = (angle: number) => `${(120 + Math.cos(angle) * 76).toFixed(1)} ${(122 + Math.sin(angle) * 76).toFixed(1)}`;
        slices.push(`<path d="M120 122 L${point(a0)} A76 76 0 0 1 ${point(a1)}Z" fill="${colours[index % colours.length]}"/>`);
      }
      return `<g>${slices.join('')}<circle cx="120" cy="122" r="80" fill="none" stroke="${accent}" stroke-width="7"/><circle cx="120" cy="122" r="16" fill="#1f2937" stroke="${accent}" stroke-width="4"/><path d="M108 34 h24 l-12 26z" fill="#fff"/></g>`;
    }
    case 'tower': {
      const floors: string[] = [];
      for (let floor = 0; floor < 5; floor += 1) {
        const y = 186 - floor * 34;
        for (let door = 0; door < 3; door += 1) {
          const x = 66 + door * 40;
          const lit = floor < 3 && door === (seed >> (floor * 2)) % 3;
          floors.push(`<rect x="${x}" y="${y}" width="30" height="26" rx="5" fill="${lit ? accent : '#fff'}" opacity="${lit ? 1 : 0.18}"/>`);
        }
      }
      return `<g>${floors.join('')}<path d="M56 30 L120 8 L184 30" stroke="${accent}" stroke-width="6" fill="none" stroke-linejoin="round"/><rect x="56" y="30" width="128" height="4" fill="${accent}" opacity=".6"/></g>`;
    }
    case 'bingo': {
      const cells: string[] = [];
      for (let index = 0; index < 25; index += 1) {
        const x = 50 + (index % 5) * 28;
        const y = 40 + Math.floor(index / 5) * 32;
        const marked = index === 12 || index % 6 === 0 || ((seed >> index) & 7) === 0;
        cells.push(`<rect x="${x}" y="${y}" width="24" height="28" rx="4" fill="#fff" opacity=".9"/>`);
        if (marked) cells.push(`<circle cx="${x + 12}" cy="${y + 14}" r="10" fill="${index === 12 ? '#db2777' : accent}" opacity=".95"/>`);
      }
      return `<g><rect x="42" y="32" width="156" height="174" rx="12" fill="#000" opacity=".25"/>${cells.join('')}</g>`;
    }
    case 'fishing':
      return `<g><path d="M0 60 Q60 40 120 60 T240 60 V0 H0z" fill="#fff" opacity=".08"/><g transform="translate(108 120)"><path d="M-52 0 Q-16 -38 30 0 Q-16 38 -52 0z" fill="${accent}"/><path d="M28 0 L58 -24 L52 0 L58 24z" fill="${accent}"/><circle cx="-30" cy="-6" r="6" fill="#fff"/><circle cx="-30" cy="-6" r="3" fill="#0f172a"/></g><g transform="translate(170 188) scale(.55)"><path d="M-52 0 Q-16 -38 30 0 Q-16 38 -52 0z" fill="#fde68a"/><path d="M28 0 L58 -24 L52 0 L58 24z" fill="#fde68a"/></g><circle cx="64" cy="184" r="22" fill="none" stroke="#fff" stroke-width="3" opacity=".7"/><path d="M64 162 v-18 M64 206 v18 M42 184 h-18 M86 184 h18" stroke="#fff" stroke-width="3" opacity=".7"/><circle cx="180" cy="70" r="5" fill="#fff" opacity=".5"/><circle cx="196" cy="50" r="3" fill="#fff" opacity=".5"/></g>`;
  }
}

/** The SVG markup of one cover, 240×320 (3:4), the name set in the app's font on a dark band. */
export function coverSvg(game: { id: string; name: string }, kind: CoverKind = coverKindOf(game.id)): string {
  const seed = coverSeed(game.id);
  const [from, to, accent] = PALETTES[kind];
  const hueShift = kind === 'generic' ? `filter="url(#h)"` : '';
  const name = escapeXml(game.name.length > 18 ? `${game.name.slice(0, 17)}…` : game.name);
  const size = game.name.length > 12 ? 20 : 24;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 320" width="240" height="320">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`,
    `<radialGradient id="l" cx=".3" cy=".2" r=".8"><stop offset="0" stop-color="#fff" stop-opacity=".28"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    `<filter id="h"><feColorMatrix type="hueRotate" values="${seed % 360}"/></filter></defs>`,
    `<rect width="240" height="320" fill="url(#g)" ${hueShift}/>`,
    `<rect width="240" height="320" fill="url(#l)"/>`,
    glyph(kind, accent, seed),
    `<rect y="236" width="240" height="84" fill="#000" opacity=".38"/>`,
    `<text x="120" y="${size === 24 ? 286 : 284}" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-weight="800" font-size="${size}" fill="#fff">${name}</text>`,
    `</svg>`,
  ].join('');
}

/** A wide 780×300 banner: the game's art on the right, its name and a call to action on the left. */
export function bannerSvg(game: { id: string; name: string }, action: string, kind: CoverKind = coverKindOf(game.id)): string {
  const seed = coverSeed(game.id);
  const [from, to, accent] = PALETTES[kind];
  const name = escapeXml(game.name.length > 20 ? `${game.name.slice(0, 19)}…` : game.name);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 780 300" width="780" height="300">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="780" height="300" fill="url(#g)"/>`,
    `<circle cx="620" cy="150" r="190" fill="#fff" opacity=".08"/><circle cx="620" cy="150" r="130" fill="#fff" opacity=".07"/>`,
    `<g transform="translate(470 -20) scale(1.3)">${glyph(kind, accent, seed)}</g>`,
    `<text x="48" y="138" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-weight="900" font-size="60" fill="#fff">${name}</text>`,
    `<rect x="48" y="178" width="${Math.max(160, action.length * 17 + 56)}" height="64" rx="32" fill="${accent}"/>`,
    `<text x="${48 + Math.max(160, action.length * 17 + 56) / 2}" y="220" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,sans-serif" font-weight="800" font-size="28" fill="#111827">${escapeXml(action)}</text>`,
    `</svg>`,
  ].join('');
}

const cache = new Map<string, string>();

/** A data URL for an `<img>`, so covers take part in the browser's lazy loading and decoding. */
export function coverDataUrl(game: { id: string; name: string }): string {
  const key = `${game.id}\u0000${game.name}`;
  let url = cache.get(key);
  if (!url) {
    url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(coverSvg(game))}`;
    cache.set(key, url);
  }
  return url;
}

/**
 * The image source for a card's cover: `svg:<platform>/<game_id>` is drawn here, anything else is the
 * studio's own image URL.
 */
export function coverSrc(game: { game_id: string; game_name: string; game_cover: string }): string {
  return game.game_cover.startsWith('svg:') || game.game_cover === '' ? coverDataUrl({ id: game.game_id, name: game.game_name }) : game.game_cover;
}

export function bannerSrc(banner: { game_id: string; game_name: string; banner_image: string }, action: string): string {
  if (!banner.banner_image.startsWith('svg:') && banner.banner_image !== '') return banner.banner_image;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(bannerSvg({ id: banner.game_id, name: banner.game_name }, action))}`;
}
