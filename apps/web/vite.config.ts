import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { localeSplitPlugin } from './locale-split-plugin.ts';
import { precompressPlugin } from './precompress-plugin.ts';
import { pwaPlugin } from './pwa-plugin.ts';

/**
 * The files the entry chunk loads statically (itself and its imports, transitively): every page has them before any
 * lazy import runs, so listing them again in each lazy import's preload list (`__vite__mapDeps`) only weighs on the
 * first screen (3.4 KB brotli of the entry, measured). Filled as the bundle is written, before Vite renders the lists.
 */
const entryFiles = new Set<string>();

/**
 * The pages a new player lands on (the first routes: the lobbies of `HOME_PATHS` and a shared match's detail): their
 * lazy imports keep their scripts in the preload list, so a page's imports are fetched beside its own file instead of
 * one round trip per level of imports after it (/#/game's banner waited three levels, decision 077). ~0.2 KB of the
 * entry; the same lists for the imports these pages make themselves (the lobby, the sports home) cost 0.3 KB more of
 * the lobbies' first-route JavaScript and are left out: measured with a phone's throttling, the sports list came no
 * sooner with them (decision 085).
 * One such import keeps its list: a match's view (its markets and odds), which a shared match link opens. Without it
 * the odds waited two more levels of imports after the view's own file; with it they show ~0.45 s sooner on a
 * throttled load (decision 085), for 0.3 KB more of the match page's file.
 * The brands' other home pages are first routes too. Each under a short name: the chunks of the first screens' own
 * modules are named after the ones that import them (`firstScreenChunk`, decision 095).
 */
const FIRST_SCREEN_ROOTS = {
  g: 'src/pages/game-page.tsx',
  s: 'src/pages/sport-page.tsx',
  m: 'src/pages/match-detail-page.tsx',
  v: 'src/features/sports/ui/match-detail-view.tsx',
  hg: 'src/pages/home-game-page.tsx',
  hsl: 'src/pages/home-slots-page.tsx',
  hc: 'src/pages/home-casino-page.tsx',
  hsp: 'src/pages/home-sport-page.tsx',
};
/** Each first screen's module id, with its short name (its own modules' chunks are named after it, decision 095). */
const FIRST_SCREEN_IDS = new Map(Object.entries(FIRST_SCREEN_ROOTS).map(([name, file]) => [fileURLToPath(new URL(`./${file}`, import.meta.url)), name]));
const firstScreenFiles = new Set<string>();

function entryFilesPlugin(): Plugin {
  return {
    name: 'piranha:entry-files',
    enforce: 'pre',
    generateBundle(_options, bundle) {
      entryFiles.clear();
      firstScreenFiles.clear();
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && FIRST_SCREEN_IDS.has(chunk.facadeModuleId ?? '')) firstScreenFiles.add(chunk.fileName);
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (entryFiles.has(fileName) || chunk?.type !== 'chunk') return;
        entryFiles.add(fileName);
        chunk.imports.forEach(visit);
      };
      for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
    },
  };
}

const ENTRY_MODULE = fileURLToPath(new URL('./src/main.tsx', import.meta.url));
/**
 * A package's index re-exports every module of it (ours, and icon sets in node_modules): what the entry takes through
 * one cannot be told apart here, so the walk stops there and those modules keep the default splitting.
 */
const BARREL = /packages[\\/][a-z]+[\\/]src[\\/](?:[a-z-]+[\\/])?index\.ts$/;
let closureOf: { context: object; ids: Set<string> } | undefined;

type ModuleGraph = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };

/** The modules `from` imports statically, transitively, added to `into`; the walk does not enter those `stop` names. */
function staticWalk(context: ModuleGraph, from: string, into: Set<string>, stop: (id: string) => boolean): Set<string> {
  for (const next of context.getModuleInfo(from)?.importedIds ?? []) {
    if (into.has(next) || stop(next)) continue;
    into.add(next);
    staticWalk(context, next, into, stop);
  }
  return into;
}

/** The modules the entry imports statically, transitively (not the entry itself, nor what only lazy imports reach). */
function entryStaticClosure(context: ModuleGraph): Set<string> {
  if (closureOf?.context !== context)
    closureOf = { context, ids: staticWalk(context, ENTRY_MODULE, new Set(), (id) => BARREL.test(id) || id.includes('node_modules')) };
  return closureOf.ids;
}

/** The libraries every first route runs: the `framework` chunk. */
const FRAMEWORK = /node_modules[\\/](?:react|react-dom|scheduler|@tanstack[\\/](?:query-core|react-query)|zod|zustand|use-sync-external-store)[\\/]/;

let firstScreenOf: { context: object; chunks: Map<string, string> } | undefined;

/**
 * The chunk a first screen's own module goes in (decision 095): its modules beyond what the entry loads, one chunk per
 * set of roots that import them (`first-g-s-…`), so a root loads no module it does not import. Left to the default
 * splitting they came in one chunk per set of all the app's lazy pages that share them: a shared match link loaded 21
 * files beside the entry (a 157-byte icon, a 220-byte store), /#/sport 14, /#/game 12, each a request of its own on a
 * phone's six connections. Icons stay apart (they come through the icon set's index, which the entry also imports).
 */
function firstScreenChunk(id: string, context: ModuleGraph): string | null {
  if (firstScreenOf?.context !== context) {
    const entry = staticWalk(context, ENTRY_MODULE, new Set([ENTRY_MODULE]), (next) => BARREL.test(next) || FRAMEWORK.test(next));
    const chunks = new Map<string, string>();
    for (const [rootId, name] of FIRST_SCREEN_IDS)
      for (const module of staticWalk(context, rootId, new Set(), (next) => entry.has(next) || BARREL.test(next) || FRAMEWORK.test(next)))
        if (!FIRST_SCREEN_IDS.has(module)) chunks.set(module, `${chunks.get(module) ?? 'first'}-${name}`);
    firstScreenOf = { context, chunks };
  }
  return firstScreenOf.chunks.get(id) ?? null;
}

export default defineConfig({
  plugins: [react(), localeSplitPlugin(), entryFilesPlugin(), pwaPlugin(() => entryFiles), precompressPlugin()],
  build: {
    // The bench reads the manifest to measure what each first route loads.
    manifest: true,
    target: 'es2022',
    // A lazy page's preload list keeps its styles only (the first routes' pages and a match's view excepted,
    // FIRST_SCREEN_ROOTS) (they must be there before it draws). Its scripts' list —
    // every static import of every lazy page, one table in the entry — cost every first route 3.4 KB brotli (/#/sport
    // 121.2 → 117.8 KB, /#/game 120.5 → 117.3, decision 066); the browser fetches a page's imports when it loads the
    // page, and the router's idle preloads (routes.ts `preload`) load the likely next pages with theirs beforehand.
    modulePreload: {
      resolveDependencies: (file, deps, { hostType }) => {
        // The page's own entry: every script it imports is fetched beside it (not one round trip after it).
        if (hostType === 'html') return deps;
        const firstScreen = firstScreenFiles.has(file);
        return deps.filter((dep) => !entryFiles.has(dep) && (firstScreen || dep.endsWith('.css')));
      },
    },
    sourcemap: false,
    rolldownOptions: {
      output: {
        // The libraries every first route runs, in one chunk: left to the default splitting they came in ~8 small
        // files that change with each import edit, each a request and compressed on its own (−2.8 KB brotli and 7
        // requests fewer on /#/game, measured). Only what the app uses of them is in it, as before.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: FRAMEWORK,
            },
            {
              // The app's own modules that every first route runs (the entry's static imports, transitively): in
              // one chunk beside the entry. Left to the default splitting they came in ~20 small files, one for each
              // set of lazy pages that share them, each a request and compressed alone (5 KB brotli more, measured).
              name: (id, context) => (entryStaticClosure(context).has(id) ? 'app' : null),
            },
            // The first screens' own modules: one chunk per set of first screens that import them (decision 095).
            { name: (id, context) => firstScreenChunk(id, context) },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/brand': 'http://127.0.0.1:8080', '/cdn': 'http://127.0.0.1:8080' },
  },
});
