import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { ERRORS } from '@piranha/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testAppCreate, type TestApp } from './harness.ts';

/**
 * What a phone receives (issue 24, "First screen"): every script, stylesheet and page is sent compressed when the
 * browser asks for it — brotli before gzip, honouring q=0 — from copies made at build time, with `Vary:
 * accept-encoding` so no cache hands one client's coding to another, and the plain bytes to a client that did not ask.
 */

let t: TestApp;
let webDist: string;

const SCRIPT = `export const catalogue = ${JSON.stringify(Array.from({ length: 200 }, (_, index) => ({ id: index, name: `game ${index}` })))};\n`;
const STYLE = `${Array.from({ length: 80 }, (_, index) => `.row-${index} { padding: ${index}px; color: #123456; }`).join('\n')}\n`;
const IMAGE = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** A build as Vite and its precompress plugin leave it: hashed assets with `.br` and `.gz` beside them. */
function webDistFake(): string {
  const dir = mkdtempSync(join(tmpdir(), 'piranha-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Vite App</title>\n    <script type="module" src="/assets/index-3f9a1c.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
  );
  const withCopies = (path: string, text: string) => {
    writeFileSync(path, text);
    writeFileSync(`${path}.br`, brotliCompressSync(Buffer.from(text)));
    writeFileSync(`${path}.gz`, gzipSync(Buffer.from(text)));
  };
  withCopies(join(dir, 'assets', 'index-3f9a1c.js'), SCRIPT);
  withCopies(join(dir, 'assets', 'index-77c0de.css'), STYLE);
  // Images are compressed already: the build writes no copies of them.
  writeFileSync(join(dir, 'assets', 'cover-5e5e5e.png'), IMAGE);
  // Not hashed: cached for minutes, not a year, and compressed all the same.
  withCopies(join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Piranha', description: 'x'.repeat(400) }));
  return dir;
}

beforeAll(async () => {
  webDist = webDistFake();
  t = await testAppCreate({ env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t?.close();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

async function fetchRaw(path: string, acceptEncoding?: string, host = 'piranha.com.br') {
  const response = await t.app.inject({
    method: 'GET',
    url: path,
    headers: { host, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) },
  });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

function decoded(response: Awaited<ReturnType<typeof fetchRaw>>): string {
  const coding = response.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(response.body).toString('utf8');
  if (coding === 'gzip') return gunzipSync(response.body).toString('utf8');
  expect(coding).toBeUndefined();
  return response.body.toString('utf8');
}

function expectVaryOnEncoding(response: Awaited<ReturnType<typeof fetchRaw>>) {
  const vary = String(response.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((name) => name.trim());
  expect(vary).toContain('accept-encoding');
}

describe('static assets are sent in the coding the browser asks for', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'gzip'],
  ])('Accept-Encoding "%s" gets %s, with its exact length, the script intact, and cached for a year', async (acceptEncoding, coding) => {
    const response = await fetchRaw('/assets/index-3f9a1c.js', acceptEncoding);
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(coding);
    expect(response.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expect(response.body.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 3);
    expect(decoded(response)).toBe(SCRIPT);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectVaryOnEncoding(response);
  });

  it.each([
    ['no Accept-Encoding', undefined],
    ['an empty Accept-Encoding', ''],
    ['identity only', 'identity'],
    ['only codings we do not have', 'deflate, zstd'],
    ['every coding refused with q=0', 'br;q=0, gzip;q=0'],
  ])('a client with %s gets the plain file, never a compressed body', async (_case, acceptEncoding) => {
    const response = await fetchRaw('/assets/index-3f9a1c.js', acceptEncoding);
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body.toString('utf8')).toBe(SCRIPT);
    expect(Number(response.headers['content-length'])).toBe(Buffer.byteLength(SCRIPT));
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectVaryOnEncoding(response);
  });

  it('sends stylesheets compressed with their own type', async () => {
    const response = await fetchRaw('/assets/index-77c0de.css', 'gzip, deflate, br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(decoded(response)).toBe(STYLE);
  });

  it('falls back to the file itself when the build made no compressed copy (images)', async () => {
    const response = await fetchRaw('/assets/cover-5e5e5e.png', 'gzip, deflate, br');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(response.body, IMAGE)).toBe(0);
    expectVaryOnEncoding(response);
  });

  it('compresses files outside /assets/ too, cached for five minutes since their names do not change', async () => {
    const response = await fetchRaw('/manifest.webmanifest', 'gzip, deflate, br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(response))).toMatchObject({ name: 'Piranha' });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('does not serve the compressed copies under their own names (not found, as any unknown path)', async () => {
    for (const path of ['/assets/index-3f9a1c.js.br', '/assets/index-3f9a1c.js.gz', '/manifest.webmanifest.gz']) {
      for (const acceptEncoding of ['gzip, br', undefined]) {
        const response = await fetchRaw(path, acceptEncoding);
        expect(response.headers['content-encoding'], path).toBeUndefined();
        expect(JSON.parse(response.body.toString('utf8')), path).toMatchObject({ dm_error: ERRORS.NOT_FOUND.code, data: { field: 'path' } });
      }
    }
  });
});

describe('which files are served', () => {
  it("serves the build's files as they are spelled, and nothing written after the server started", async () => {
    expect((await fetchRaw('/assets/index-3f9a1c.js', 'br')).status).toBe(200);
    // Listed once at start (decision 099): a file that appears later is not the build's.
    writeFileSync(join(webDist, 'assets', 'late-000000.js'), SCRIPT);
    writeFileSync(join(webDist, '.env'), 'SECRET=1');
    for (const path of ['/assets/late-000000.js', '/ASSETS/index-3f9a1c.js', '/assets/INDEX-3f9a1c.js', '/assets/', '/assets', '/.env']) {
      const response = await fetchRaw(path, 'br');
      expect(response.headers['content-encoding'], path).toBeUndefined();
      expect(JSON.parse(response.body.toString('utf8')), path).toMatchObject({ dm_error: ERRORS.NOT_FOUND.code });
    }
    // HEAD as GET, with no body.
    const head = await t.app.inject({ method: 'HEAD', url: '/assets/index-3f9a1c.js', headers: { host: 'piranha.com.br', 'accept-encoding': 'gzip' } });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-encoding']).toBe('gzip');
    expect(head.rawPayload.length).toBe(0);
  });
});

describe("the brand's page is compressed too", () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
  ])('Accept-Encoding "%s" gets the page as %s, revalidated on every visit', async (acceptEncoding, coding) => {
    const response = await fetchRaw('/', acceptEncoding, 'aguila.mx');
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(coding);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expectVaryOnEncoding(response);
    const html = decoded(response);
    expect(html).toContain('<html lang="es-MX"');
    expect(html).toContain('<title>Águila Apuestas – Apuestas deportivas y casino</title>');
    // The static first screen (decision 078) names the entry script on #root; its inline script adds it after the paint.
    expect(html).toContain('data-fs-module="/assets/index-3f9a1c.js"');
  });

  it('keeps each brand its own page once compressed (the cache is per brand)', async () => {
    for (let round = 0; round < 2; round += 1) {
      expect(decoded(await fetchRaw('/', 'br', 'aguila.mx'))).toContain('<html lang="es-MX"');
      expect(decoded(await fetchRaw('/', 'br', 'piranha.com.br'))).toContain('<html lang="pt-BR"');
      expect(decoded(await fetchRaw('/index.html', 'gzip', 'halong.vn'))).toContain('<html lang="vi"');
    }
  });

  it.each([
    ['no Accept-Encoding', undefined],
    ['identity only', 'identity'],
    ['every coding refused with q=0', 'gzip;q=0, br;q=0'],
  ])('a client with %s gets the plain page', async (_case, acceptEncoding) => {
    const response = await fetchRaw('/', acceptEncoding, 'aguila.mx');
    expect(response.headers['content-encoding']).toBeUndefined();
    const html = response.body.toString('utf8');
    expect(html).toContain('<html lang="es-MX"');
    expect(Number(response.headers['content-length'])).toBe(response.body.length);
    expectVaryOnEncoding(response);
  });
});
