import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
// Relative imports: Vite bundles its config's own files but loads workspace packages (TypeScript sources) as is.
import { PWA_ICON_FILES, pwaIconPath } from '../../packages/domain/src/pwa/pwa-manifest.ts';
import { VARIANT_PROFILES } from '../../packages/domain/src/variants/profiles.ts';
import type { Plugin } from 'vite';
import { iconInitialOf, iconPixels, pngEncode } from './src/shared/pwa/icon-raster.ts';

/**
 * The installable web app at build time (decision 053):
 * - every brand's icons (192/512 `any`, 192/512 `maskable`, the 180 iOS web clip) drawn from its colours and initial
 *   into `pwa/<appKey>/`, so nothing is drawn or fetched at run time;
 * - the service worker `sw.js` (public/sw.js, the web push worker of decision 035) given this build's id and its shell
 *   to precache: the entry's scripts and styles and the offline page. A new build is a new sw.js, which the browser
 *   installs beside the running one; the page then offers to reload (no silent update).
 */
export function pwaPlugin(shellFiles: () => Iterable<string>): Plugin {
  let outDir = 'dist';
  let precache: string[] = [];
  return {
    name: 'piranha:pwa',
    apply: 'build',
    configResolved(config) {
      // An absolute outDir (a build beside the tree's, for an A/B) stays as given.
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      for (const profile of VARIANT_PROFILES) {
        const initial = iconInitialOf(profile.name);
        for (const entry of Object.values(PWA_ICON_FILES)) {
          const pixels = iconPixels({ size: entry.size, maskable: entry.maskable, ...profile.colours, initial });
          this.emitFile({ type: 'asset', fileName: pwaIconPath(profile.appKey, entry.file).slice(1), source: pngEncode(pixels, entry.size) });
        }
      }
      const files = new Set<string>();
      for (const fileName of shellFiles()) {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk') continue;
        files.add(`/${fileName}`);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(`/${css}`);
      }
      precache = [...files].sort();
    },
    async writeBundle() {
      const path = join(outDir, 'sw.js');
      const source = await readFile(path, 'utf8');
      const shell = ['/offline.html', ...precache];
      const id = createHash('sha256').update(source).update(shell.join('\n')).digest('hex').slice(0, 16);
      const placeholder = /self\.__PIRANHA_BUILD__ = \{[^}]*\};/;
      if (!placeholder.test(source)) throw new Error('sw.js has no self.__PIRANHA_BUILD__ placeholder');
      await writeFile(path, source.replace(placeholder, `self.__PIRANHA_BUILD__ = ${JSON.stringify({ id, precache: shell })};`));
    },
  };
}
