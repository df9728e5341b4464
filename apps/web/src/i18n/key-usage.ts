import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * Which catalogue keys the first screen can show (docs/decisions/059): the source files the entry reaches — static
 * and dynamic imports alike, except the route table's lazy pages other than the first routes, which load the rest of
 * the catalogue themselves (`lazyPage`) — and the keys those files name. Node only; used by the catalogue tests and
 * to measure the split, never shipped.
 */

type Catalogue = { readonly [key: string]: string | Catalogue };

/**
 * The pages whose keys are in the boot part (`BOOT_CATALOGUE_PATHS` in app/routes.ts: /game, /sport, the UI v3 homes
 * and /match-detail), so they draw without waiting for the rest (catalogue-split.test.ts checks the two lists agree).
 */
export const FIRST_PAGES: readonly string[] = [
  'pages/game-page.tsx',
  'pages/match-detail-page.tsx',
  'pages/sport-page.tsx',
  'pages/home-game-page.tsx',
  'pages/home-slots-page.tsx',
  'pages/home-casino-page.tsx',
  'pages/home-sport-page.tsx',
];

const SRC = resolve(dirname(new URL(import.meta.url).pathname), '..');
/** The route table: its page imports are the lazy pages, followed only for the first routes. */
const ROUTE_TABLE = join(SRC, 'app', 'routes.ts');
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

export function flatten(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

function resolveImport(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The source files of the first screen: what `src/main.tsx` imports, transitively, following dynamic imports too (a
 * header sheet or the login modal opens on the first route), but from the route table only the `firstPages`.
 */
export function bootFiles(firstPages: readonly string[]): Set<string> {
  const first = new Set(firstPages.map((page) => join(SRC, page)));
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const [, specifier] of source.matchAll(IMPORT)) {
      const target = resolveImport(file, specifier!);
      if (!target || target.endsWith('.json')) continue;
      if (file === ROUTE_TABLE && target.startsWith(join(SRC, 'pages')) && !first.has(target)) continue;
      visit(target);
    }
  };
  visit(join(SRC, 'main.tsx'));
  return files;
}

/** A string literal of a source: its text, and whether it is a template's head (the text before its first `${`). */
interface Literal {
  text: string;
  templateHead: boolean;
}

/**
 * The string literals of a source, in order: quoted strings, whole templates and template heads. Comments are skipped,
 * and a template's text after a `${…}` (`…} : styles.header` in header.tsx) is not taken for the start of a new
 * literal: a pattern over quotes alone did, misread every quote after it, and left `account.menuOpen` and
 * `header.home` out of the boot part, so every first screen fetched the rest of the catalogue (decision 077).
 */
export function literalsOf(source: string): Literal[] {
  const literals: Literal[] = [];
  // For each `${` still open, the brace depth its `}` brings back.
  const substitutions: number[] = [];
  let depth = 0;
  let index = 0;
  // A template's text from `index` to its end or its next `${`; only a template's first stretch is a literal.
  const templateRead = (first: boolean) => {
    const start = index;
    while (index < source.length) {
      const char = source[index];
      if (char === '\\') index += 2;
      else if (char === '`') {
        if (first) literals.push({ text: source.slice(start, index), templateHead: false });
        index += 1;
        return;
      } else if (char === '$' && source[index + 1] === '{') {
        if (first) literals.push({ text: source.slice(start, index), templateHead: true });
        index += 2;
        substitutions.push(depth);
        depth += 1;
        return;
      } else index += 1;
    }
  };
  while (index < source.length) {
    const char = source[index];
    const next = source[index + 1];
    if (char === '/' && next === '/') {
      const end = source.indexOf('\n', index);
      index = end < 0 ? source.length : end;
    } else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', index + 2);
      index = end < 0 ? source.length : end + 2;
    } else if (char === "'" || char === '"') {
      // A quoted string ends at its quote, or (an apostrophe in JSX text) at the end of its line.
      let stop = index + 1;
      while (stop < source.length && source[stop] !== char && source[stop] !== '\n') stop += source[stop] === '\\' ? 2 : 1;
      if (source[stop] === char) literals.push({ text: source.slice(index + 1, stop), templateHead: false });
      index = stop + 1;
    } else if (char === '`') {
      index += 1;
      templateRead(true);
    } else {
      index += 1;
      if (char === '{') depth += 1;
      if (char === '}') {
        depth -= 1;
        // The end of a `${…}`: its template goes on.
        if (substitutions.at(-1) === depth) {
          substitutions.pop();
          templateRead(false);
        }
      }
    }
  }
  return literals;
}

/**
 * The keys one source names: a quoted key; a quoted subtree (`'sports.oddsFormat'`, keys built below it); and the
 * head of a template (`sports.period.${p}`, `payments.withdraw.pixKey${kind}`): every key it starts.
 */
export function keysNamed(source: string, keys: readonly string[]): Set<string> {
  const named = new Set<string>();
  const keySet = new Set(keys);
  for (const { text: literal, templateHead } of literalsOf(source)) {
    if (!literal.includes('.') || /\s/.test(literal)) continue;
    if (templateHead) {
      for (const key of keys) if (key.startsWith(literal)) named.add(key);
    } else if (keySet.has(literal)) {
      named.add(literal);
    } else {
      const subtree = literal.endsWith('.') ? literal : `${literal}.`;
      for (const key of keys) if (key.startsWith(subtree)) named.add(key);
    }
  }
  return named;
}

/** Every key the first screen's files name, with the files naming each (for a helpful failure). */
export function bootKeysUsed(english: Catalogue, firstPages: readonly string[] = FIRST_PAGES): Map<string, string[]> {
  const keys = [...flatten(english).keys()];
  const used = new Map<string, string[]>();
  for (const file of bootFiles(firstPages)) {
    if (/\.test\.tsx?$/.test(file)) continue;
    for (const key of keysNamed(readFileSync(file, 'utf8'), keys)) used.set(key, [...(used.get(key) ?? []), relative(SRC, file)]);
  }
  return used;
}
