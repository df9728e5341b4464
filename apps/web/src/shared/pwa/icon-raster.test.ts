import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { iconInitialOf, iconPixels, pngEncode } from './icon-raster.ts';

const spec = { brand: '#b91c1c', accent: '#16a34a', onBrand: '#ffffff', initial: 'A' };

function pixelAt(pixels: Uint8Array, size: number, x: number, y: number): number[] {
  const offset = (y * size + x) * 4;
  return Array.from(pixels.slice(offset, offset + 4));
}

describe('brand icons (decision 053)', () => {
  it('draws the initial without accents, none for a script the font lacks', () => {
    expect(iconInitialOf('Águila Apuestas')).toBe('A');
    expect(iconInitialOf('Ipê Amarelo')).toBe('I');
    expect(iconInitialOf('Сокол')).toBeUndefined();
  });

  it('keeps the rounded corners transparent on `any` icons and fills a maskable one to the edge', () => {
    const any = iconPixels({ ...spec, size: 64, maskable: false });
    expect(pixelAt(any, 64, 0, 0)[3]).toBe(0);
    expect(pixelAt(any, 64, 32, 2)).toEqual([185, 28, 28, 255]);
    const maskable = iconPixels({ ...spec, size: 64, maskable: true });
    expect(pixelAt(maskable, 64, 0, 0)).toEqual([185, 28, 28, 255]);
  });

  it('keeps a maskable icon’s mark inside the central 80 % safe zone', () => {
    const size = 200;
    const pixels = iconPixels({ ...spec, size, maskable: true });
    for (let y = 0; y < size; y += 1)
      for (let x = 0; x < size; x += 1) {
        const outside = Math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) > 0.4 * size;
        if (outside) expect(pixelAt(pixels, size, x, y)).toEqual([185, 28, 28, 255]);
      }
  });

  it('encodes a valid PNG of the size asked for', () => {
    const png = pngEncode(iconPixels({ ...spec, size: 48, maskable: false }), 48);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.readUInt32BE(16)).toBe(48);
    expect(png.readUInt32BE(20)).toBe(48);
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('latin1')).toBe('IDAT');
    expect(inflateSync(png.subarray(41, 41 + idatLength)).length).toBe((48 * 4 + 1) * 48);
  });
});
