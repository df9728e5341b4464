/**
 * Walks a Vite build manifest (`dist/.vite/manifest.json`): what the bench's first-route sizes and the e2e check of the
 * match page's preload list both read.
 */

/** The key of index.html's entry chunk. */
export function manifestEntryKey(manifest) {
  const entryKey =
    Object.keys(manifest).find((key) => manifest[key].isEntry && (key === 'index.html' || manifest[key].src === 'index.html')) ??
    Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('the manifest has no entry chunk');
  return entryKey;
}

/** The keys of `key` and of every chunk it imports statically, each once; `seen` carries on from an earlier walk. */
export function manifestStaticKeys(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  if (!manifest[key]) throw new Error(`the manifest names ${key} but has no chunk for it`);
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) manifestStaticKeys(manifest, imported, seen);
  return seen;
}
