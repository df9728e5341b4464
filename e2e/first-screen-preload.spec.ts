/**
 * What the built web app asks for beside a shared match's page (decision 085): the match's view and every script it
 * imports are in the page file's preload list, so a phone fetches them side by side instead of one round trip per
 * level of imports after the view's own file (~0.45 s later odds on a throttled load). Read from the build the
 * journeys run (`npm run build` comes first), so a change of the build's preload rule that drops them fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manifestEntryKey, manifestStaticKeys, type Manifest } from '../scripts/lib/vite-manifest.mjs';

const DIST = new URL('../apps/web/dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;

/** The files of `key` and of everything it imports statically. */
const staticFiles = (key: string) => new Set([...manifestStaticKeys(manifest, key)].map((chunk) => manifest[chunk]!.file));

describe('the match page preloads its view', () => {
  it('lists the view and every script the view imports (the entry’s own excepted) in the page’s preload table', () => {
    const entry = staticFiles(manifestEntryKey(manifest));
    const view = [...staticFiles('src/features/sports/ui/match-detail-view.tsx')].filter((file) => !entry.has(file));
    const page = readFileSync(join(DIST, manifest['src/pages/match-detail-page.tsx']!.file), 'utf8');
    const table = /__vite__mapDeps=[^;]*?\[([^\]]*)\]/.exec(page)?.[1] ?? '';
    const listed = new Set([...table.matchAll(/"([^"]+)"/g)].map((match) => match[1]));

    // The view and the files of two more levels of imports (markets, odds buttons, the odds socket…).
    expect(view.length).toBeGreaterThan(3);
    expect(view.filter((file) => !listed.has(file))).toEqual([]);
  });
});
