import { deflateSync, crc32 } from 'node:zlib';

/**
 * Build-time drawing of each brand's app icons (decision 053): its colour, its accent dot and its initial — the same
 * mark as its SVG favicon — rasterised in plain TypeScript and encoded as PNG with node:zlib, so the build needs no
 * image library, no font file and no network. Used by apps/web/pwa-plugin.ts only; never part of the app's bundle.
 */

type Point = readonly [number, number];
type Stroke = readonly Point[];

function arc(cx: number, cy: number, r: number, from: number, to: number, steps = 14): Point[] {
  return Array.from({ length: steps + 1 }, (_, index) => {
    const angle = ((from + ((to - from) * index) / steps) * Math.PI) / 180;
    return [cx + r * Math.cos(angle), cy + r * Math.sin(angle)] as const;
  });
}

/** A stroke font for A–Z on a unit box (x right, y down). */
const GLYPHS: Record<string, readonly Stroke[]> = {
  A: [
    [
      [0, 1],
      [0.5, 0],
      [1, 1],
    ],
    [
      [0.22, 0.62],
      [0.78, 0.62],
    ],
  ],
  B: [
    [
      [0, 0],
      [0, 1],
      [0.7, 1],
      [0.95, 0.85],
      [0.95, 0.65],
      [0.7, 0.5],
      [0, 0.5],
    ],
    [
      [0, 0],
      [0.65, 0],
      [0.88, 0.12],
      [0.88, 0.38],
      [0.65, 0.5],
    ],
  ],
  C: [arc(0.55, 0.5, 0.5, 50, 310)],
  D: [
    [
      [0, 0],
      [0, 1],
      [0.5, 1],
      [0.88, 0.82],
      [1, 0.5],
      [0.88, 0.18],
      [0.5, 0],
      [0, 0],
    ],
  ],
  E: [
    [
      [1, 0],
      [0, 0],
      [0, 1],
      [1, 1],
    ],
    [
      [0, 0.5],
      [0.75, 0.5],
    ],
  ],
  F: [
    [
      [1, 0],
      [0, 0],
      [0, 1],
    ],
    [
      [0, 0.5],
      [0.75, 0.5],
    ],
  ],
  G: [
    arc(0.55, 0.5, 0.5, 40, 320),
    [
      [0.6, 0.55],
      [1, 0.55],
      [1, 0.85],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 1],
    ],
    [
      [1, 0],
      [1, 1],
    ],
    [
      [0, 0.5],
      [1, 0.5],
    ],
  ],
  I: [
    [
      [0.5, 0],
      [0.5, 1],
    ],
    [
      [0.2, 0],
      [0.8, 0],
    ],
    [
      [0.2, 1],
      [0.8, 1],
    ],
  ],
  J: [
    [
      [1, 0],
      [1, 0.72],
      [0.78, 1],
      [0.3, 1],
      [0, 0.8],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 1],
    ],
    [
      [1, 0],
      [0, 0.62],
    ],
    [
      [0.32, 0.42],
      [1, 1],
    ],
  ],
  L: [
    [
      [0, 0],
      [0, 1],
      [1, 1],
    ],
  ],
  M: [
    [
      [0, 1],
      [0, 0],
      [0.5, 0.62],
      [1, 0],
      [1, 1],
    ],
  ],
  N: [
    [
      [0, 1],
      [0, 0],
      [1, 1],
      [1, 0],
    ],
  ],
  O: [arc(0.5, 0.5, 0.5, 0, 360, 28)],
  P: [
    [
      [0, 1],
      [0, 0],
      [0.7, 0],
      [0.95, 0.15],
      [0.95, 0.4],
      [0.7, 0.55],
      [0, 0.55],
    ],
  ],
  Q: [
    arc(0.5, 0.5, 0.5, 0, 360, 28),
    [
      [0.6, 0.7],
      [1, 1.05],
    ],
  ],
  R: [
    [
      [0, 1],
      [0, 0],
      [0.7, 0],
      [0.95, 0.15],
      [0.95, 0.4],
      [0.7, 0.55],
      [0, 0.55],
    ],
    [
      [0.5, 0.55],
      [1, 1],
    ],
  ],
  S: [
    [
      [0.95, 0.12],
      [0.7, 0],
      [0.3, 0],
      [0.05, 0.15],
      [0.05, 0.35],
      [0.3, 0.5],
      [0.7, 0.5],
      [0.95, 0.65],
      [0.95, 0.85],
      [0.7, 1],
      [0.3, 1],
      [0.05, 0.88],
    ],
  ],
  T: [
    [
      [0, 0],
      [1, 0],
    ],
    [
      [0.5, 0],
      [0.5, 1],
    ],
  ],
  U: [
    [
      [0, 0],
      [0, 0.72],
      [0.25, 1],
      [0.75, 1],
      [1, 0.72],
      [1, 0],
    ],
  ],
  V: [
    [
      [0, 0],
      [0.5, 1],
      [1, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [0.25, 1],
      [0.5, 0.4],
      [0.75, 1],
      [1, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [1, 1],
    ],
    [
      [1, 0],
      [0, 1],
    ],
  ],
  Y: [
    [
      [0, 0],
      [0.5, 0.5],
      [1, 0],
    ],
    [
      [0.5, 0.5],
      [0.5, 1],
    ],
  ],
  Z: [
    [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ],
  ],
};

/** The letter drawn for a brand name: its first letter without accents (Águila → A); none for other scripts. */
export function iconInitialOf(name: string): string | undefined {
  const letter = name.trim().normalize('NFD').charAt(0).toUpperCase();
  return GLYPHS[letter] ? letter : undefined;
}

function hexRgb(hex: string): [number, number, number] {
  const value = /^#([0-9a-f]{6})$/i.exec(hex)?.[1];
  if (!value) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [0, 2, 4].map((offset) => parseInt(value.slice(offset, offset + 2), 16)) as [number, number, number];
}

function segmentDistance(px: number, py: number, [ax, ay]: Point, [bx, by]: Point): number {
  const dx = bx - ax;
  const dy = by - ay;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length));
  return Math.sqrt((px - ax - t * dx) ** 2 + (py - ay - t * dy) ** 2);
}

export interface IconSpec {
  size: number;
  /** Full bleed with the mark inside the central 80 % circle (the maskable safe zone), for masks and iOS web clips. */
  maskable: boolean;
  brand: string;
  accent: string;
  onBrand: string;
  initial: string | undefined;
}

/** The icon's RGBA pixels (row-major, 4 bytes a pixel), anti-aliased by coverage. */
export function iconPixels(spec: IconSpec): Uint8Array {
  const { size } = spec;
  const pixels = new Uint8Array(size * size * 4);
  const brand = hexRgb(spec.brand);
  const accent = hexRgb(spec.accent);
  const ink = hexRgb(spec.onBrand);
  // Everything in units of the icon's side.
  const scale = spec.maskable ? 0.72 : 1;
  const glyphHeight = 0.5 * scale;
  const glyphWidth = 0.42 * scale;
  const stroke = 0.085 * scale;
  const dot = { x: 0.5 + 0.28 * scale, y: 0.5 - 0.28 * scale, r: 0.085 * scale };
  const radius = spec.maskable ? 0 : 0.22;
  const glyph = spec.initial ? GLYPHS[spec.initial]! : [];
  const strokes = glyph.map((line) => line.map(([x, y]) => [0.5 - glyphWidth / 2 + x * glyphWidth, 0.5 - glyphHeight / 2 + y * glyphHeight] as const));
  const pixel = 1 / size;
  const cover = (signedDistance: number) => Math.max(0, Math.min(1, 0.5 - signedDistance / pixel));
  for (let row = 0; row < size; row += 1) {
    for (let column = 0; column < size; column += 1) {
      const x = (column + 0.5) / size;
      const y = (row + 0.5) / size;
      // The rounded square (or the full square of a maskable icon).
      const qx = Math.abs(x - 0.5) - (0.5 - radius);
      const qy = Math.abs(y - 0.5) - (0.5 - radius);
      const background = cover(Math.sqrt(Math.max(qx, 0) ** 2 + Math.max(qy, 0) ** 2) + Math.min(Math.max(qx, qy), 0) - radius);
      let colour: [number, number, number] = [...brand];
      const dotCover = cover(Math.sqrt((x - dot.x) ** 2 + (y - dot.y) ** 2) - dot.r);
      if (dotCover > 0) colour = colour.map((channel, index) => channel + (accent[index]! - channel) * dotCover) as typeof colour;
      if (strokes.length > 0 && Math.abs(x - 0.5) < glyphWidth && Math.abs(y - 0.5) < glyphHeight) {
        let distance = Infinity;
        for (const line of strokes)
          for (let index = 1; index < line.length; index += 1) distance = Math.min(distance, segmentDistance(x, y, line[index - 1]!, line[index]!));
        const inkCover = cover(distance - stroke / 2);
        if (inkCover > 0) colour = colour.map((channel, index) => channel + (ink[index]! - channel) * inkCover) as typeof colour;
      }
      const offset = (row * size + column) * 4;
      pixels[offset] = Math.round(colour[0]);
      pixels[offset + 1] = Math.round(colour[1]);
      pixels[offset + 2] = Math.round(colour[2]);
      pixels[offset + 3] = Math.round(255 * background);
    }
  }
  return pixels;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** PNG (RGBA, 8 bits a channel, no interlace) of `size` × `size` pixels. */
export function pngEncode(pixels: Uint8Array, size: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let row = 0; row < size; row += 1) {
    raw[row * (size * 4 + 1)] = 0; // filter: none
    Buffer.from(pixels.buffer, pixels.byteOffset + row * size * 4, size * 4).copy(raw, row * (size * 4 + 1) + 1);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
}
