import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERRORS } from '@piranha/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf, testAppCreate, testDatabaseCreate, type TestApp, type TestDatabase, type TestResponse } from './harness.ts';

let database: TestDatabase;
let t: TestApp;
let built: TestApp;
let webDist: string;

/** A built web app as Vite leaves it: an index.html with the default head, and hashed assets. */
function webDistFake(): string {
  const dir = mkdtempSync(join(tmpdir(), 'piranha-web-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <title>Vite App</title>\n    <script type="module" src="/assets/index-3f9a1c.js"></script>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
  );
  writeFileSync(join(dir, 'assets', 'index-3f9a1c.js'), 'console.log("app");\n');
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Piranha"}');
  // Vite's manifest: each language catalogue is two chunks of its own, the boot part and the rest (web decision 059).
  mkdirSync(join(dir, '.vite'));
  const catalogue = (locale: string, hash: string, part: 'boot' | 'rest') => [
    `src/i18n/locales/${locale}.json?part=${part}`,
    { file: `assets/${locale}-${hash}.js`, src: `src/i18n/locales/${locale}.json?part=${part}`, isDynamicEntry: true },
  ];
  writeFileSync(
    join(dir, '.vite', 'manifest.json'),
    JSON.stringify(
      Object.fromEntries([
        catalogue('pt-BR', 'r3s7pt', 'rest'),
        catalogue('pt-BR', 'a1b2c3', 'boot'),
        catalogue('es-MX', 'd4e5f6', 'boot'),
        catalogue('es-MX', 'r3s7mx', 'rest'),
        ['index.html', { file: 'assets/index-3f9a1c.js', src: 'index.html', isEntry: true }],
      ]),
    ),
  );
  return dir;
}

beforeAll(async () => {
  database = await testDatabaseCreate();
  webDist = webDistFake();
  // One app without a built web app (the fallback page), one serving the fake build.
  t = await testAppCreate({ database, env: { WEB_DIST: join(webDist, 'does-not-exist') } });
  built = await testAppCreate({ database, env: { WEB_DIST: webDist } });
});
afterAll(async () => {
  await t?.close();
  await built?.close();
  await database?.close();
  if (webDist) rmSync(webDist, { recursive: true, force: true });
});

function headOf(html: string) {
  return {
    lang: /<html lang="([^"]*)"/.exec(html)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
    favicon: /<link rel="icon" type="image\/svg\+xml" href="([^"]*)"/.exec(html)?.[1],
    themeColour: /<meta name="theme-color" content="([^"]*)"/.exec(html)?.[1],
  };
}

function expectSecurityHeaders(response: TestResponse) {
  const csp = String(response.headers['content-security-policy']);
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'self'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(response.headers['x-powered-by']).toBeUndefined();
}

describe('GET / speaks for the brand of the Host', () => {
  it('serves piranha.com.br in Brazilian Portuguese with its own title, description and favicon', async () => {
    const response = await t.get('/', { headers: { host: 'piranha.com.br' } });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(headOf(response.text)).toStrictEqual({
      lang: 'pt-BR',
      title: 'Piranha – Apostas esportivas e cassino',
      description: 'Piranha: aposte em futebol ao vivo e jogue no cassino com depósito por PIX.',
      favicon: '/brand/piranha.svg',
      themeColour: '#16a34a',
    });
  });

  it('serves aguila.mx in Mexican Spanish with its own title, description and favicon', async () => {
    const response = await t.get('/', { headers: { host: 'www.aguila.mx' } });
    expect(headOf(response.text)).toStrictEqual({
      lang: 'es-MX',
      title: 'Águila Apuestas – Apuestas deportivas y casino',
      description: 'Águila Apuestas: apuesta en vivo a la Liga MX y juega en el casino con depósitos por SPEI.',
      favicon: '/brand/aguila.svg',
      themeColour: '#b91c1c',
    });
  });

  it('writes the standard language tag for the vm- locales (Vietnamese brand → lang="vi")', async () => {
    expect(headOf((await t.get('/', { headers: { host: 'halong.vn' } })).text).lang).toBe('vi');
  });

  it('serves the default brand for an unknown Host, and the same page at /index.html', async () => {
    const root = headOf((await t.get('/', { headers: { host: 'unknown.example' } })).text);
    expect(root.title).toBe('Piranha – Apostas esportivas e cassino');
    expect(headOf((await t.get('/index.html', { headers: { host: 'aguila.mx' } })).text).lang).toBe('es-MX');
  });

  it("fills the built app's index.html the same way and keeps its scripts", async () => {
    const response = await built.get('/', { headers: { host: 'aguila.mx' } });
    const head = headOf(response.text);
    expect(head.lang).toBe('es-MX');
    expect(head.title).toBe('Águila Apuestas – Apuestas deportivas y casino');
    expect(head.favicon).toBe('/brand/aguila.svg');
    // The entry script is asked for by the static first screen's inline script once the screen is painted (decision 078).
    expect(response.text).toContain('data-fs-module="/assets/index-3f9a1c.js"');
    expect(response.text).not.toContain('<script type="module"');
    expect(response.text).not.toContain('Vite App');
  });

  it("names the boot part of the brand's own language catalogue (not the rest) for the browser to fetch beside the scripts", async () => {
    // In the head (no static first screen: `t`, without a build) or in #root's list for the inline script (decision 078).
    const preloads = (html: string) => [
      ...[...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]*)"/g)].map((match) => match[1]),
      ...(/<div id="root"[^>]*data-fs-preload="([^"]*)"/.exec(html)?.[1]?.split(' ') ?? []),
    ];
    expect(preloads((await built.get('/', { headers: { host: 'aguila.mx' } })).text)).toStrictEqual(['/assets/es-MX-d4e5f6.js']);
    expect(preloads((await built.get('/', { headers: { host: 'piranha.com.br' } })).text)).toStrictEqual(['/assets/pt-BR-a1b2c3.js']);
    // A brand whose catalogue the build does not list, and a server without a build, name none.
    expect(preloads((await built.get('/', { headers: { host: 'halong.vn' } })).text)).toStrictEqual([]);
    expect(preloads((await t.get('/', { headers: { host: 'aguila.mx' } })).text)).toStrictEqual([]);
  });
});

describe('static files of the built app', () => {
  it('caches hashed assets for a year and other files for five minutes', async () => {
    const asset = await built.get('/assets/index-3f9a1c.js');
    expect(asset.status).toBe(200);
    expect(asset.text).toBe('console.log("app");\n');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const manifest = await built.get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['cache-control']).toBe('public, max-age=300');
  });

  it('does not serve files outside the build directory', async () => {
    for (const path of ['/../package.json', '/%2e%2e/%2e%2e/package.json', '/assets/../../index.html']) {
      const response = await built.get(path);
      expect(response.text, path).not.toContain('"workspaces"');
    }
  });
});

describe('brand icons', () => {
  it('draws /brand/aguila.svg as an SVG in the brand colours with its initial', async () => {
    const response = await t.get('/brand/aguila.svg');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.headers['cache-control']).toBe('public, max-age=86400');
    expect(response.text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(response.text).toMatch(/<\/svg>$/);
    expect(response.text).toContain('fill="#b91c1c"');
    expect(response.text).toContain('>Á</text>');
  });

  it('answers not found for an unknown brand or another extension', async () => {
    for (const path of ['/brand/nobody.svg', '/brand/aguila.png', '/brand/aguila']) {
      expect(envelopeOf(await t.get(path))).toMatchObject({ dm_error: ERRORS.NOT_FOUND.code, data: { field: 'path' } });
    }
  });
});

describe('health', () => {
  it('answers /healthz ok while the database answers', async () => {
    const response = await t.get('/healthz');
    expect(response.status).toBe(200);
    expect(response.json).toStrictEqual({ status: 'ok', db: 'ok' });
  });

  it('answers /healthz 503 once the database is gone', async () => {
    const own = await testAppCreate();
    try {
      await own.testDatabase.database.close();
      const response = await own.get('/healthz');
      expect(response.status).toBe(503);
      expect(response.json).toStrictEqual({ status: 'degraded', db: 'unreachable' });
    } finally {
      await own.close();
    }
  });
});

/** The short fixed set of an API answer (docs/decisions/006-api-response-headers.md): nothing a page needs. */
function expectApiSecurityHeaders(response: TestResponse) {
  expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(response.headers['x-powered-by']).toBeUndefined();
  // A page's policies are not repeated on JSON: the whole header block stays small on every poll.
  for (const name of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-xss-protection']) {
    expect(response.headers[name]).toBeUndefined();
  }
  const headerBytes = Object.entries(response.headers).reduce((sum, [name, value]) => sum + name.length + String(value).length + 4, 0);
  expect(headerBytes).toBeLessThan(600);
}

describe('security headers', () => {
  it('sends CSP, nosniff and frame options on pages, icons and static files', async () => {
    expectSecurityHeaders(await t.get('/', { headers: { host: 'piranha.com.br' } }));
    expectSecurityHeaders(await t.get('/brand/piranha.svg'));
    expectSecurityHeaders(await built.get('/assets/index-3f9a1c.js'));
    expectSecurityHeaders(await t.get('/healthz'));
  });

  it('sends API answers, errors and malformed URLs included, a tight CSP, nosniff, no framing and no-store', async () => {
    const global = await t.get('/api/v1/conf/global');
    expectApiSecurityHeaders(global);
    expect(global.headers['cache-control']).toBe('no-store');
    expectApiSecurityHeaders(await t.get('/api/nope'));
    expectApiSecurityHeaders(await t.get('/api/v1/conf/global?lca_lang=' + 'x'.repeat(40)));
    expectApiSecurityHeaders(await t.get('/api/v1/conf/%E0%A4%A'));
  });

  it('sends HSTS on every answer to a request a trusted proxy says came over HTTPS: pages, API, errors, malformed URLs', async () => {
    const behindTls = await testAppCreate({ database, env: { TRUSTED_PROXIES: '127.0.0.1', WEB_DIST: webDist } });
    try {
      const https = { 'x-forwarded-proto': 'https' };
      for (const path of ['/', '/assets/index-3f9a1c.js', '/brand/piranha.svg', '/healthz', '/api/v1/conf/global', '/api/nope', '/api/v1/conf/%E0%A4%A']) {
        expect((await behindTls.get(path, { headers: https })).headers['strict-transport-security'], path).toBe('max-age=31536000; includeSubDomains');
      }
      // The proxy's own view is the last entry; plain HTTP gets none.
      expect((await behindTls.get('/', { headers: { 'x-forwarded-proto': 'https, http' } })).headers['strict-transport-security']).toBeUndefined();
      expect((await behindTls.get('/api/v1/conf/global')).headers['strict-transport-security']).toBeUndefined();
    } finally {
      await behindTls.close();
    }
  });

  it('never sends HSTS over plain HTTP, nor when a peer that is not a trusted proxy claims HTTPS', async () => {
    expect((await t.get('/')).headers['strict-transport-security']).toBeUndefined();
    for (const path of ['/', '/api/v1/conf/global']) {
      expect((await t.get(path, { headers: { 'x-forwarded-proto': 'https' } })).headers['strict-transport-security']).toBeUndefined();
    }
  });
});
