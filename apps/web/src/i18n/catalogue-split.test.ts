import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LOCALES } from '@piranha/domain';
import { describe, expect, it } from 'vitest';
import { bootKeys, catalogueSplit, FIRST_SCREEN_TEXT_KEYS, firstScreenTexts } from '../../locale-split-plugin.ts';
import { BOOT_CATALOGUE_PATHS } from '../app/routes.ts';
import { paths } from '../shared/paths/paths.ts';
import { bootFiles, bootKeysUsed, FIRST_PAGES, flatten, keysNamed } from './key-usage.ts';

/** The catalogue in its two parts (docs/decisions/059): boot (shell and first routes), rest (the lazy pages). */

type Catalogue = { [key: string]: string | Catalogue };

const FOLDER = new URL('./locales/', import.meta.url);
const load = (locale: string) => JSON.parse(readFileSync(new URL(`${locale}.json`, FOLDER), 'utf8')) as Catalogue;
const measured = bootKeys(new URL('en-US.json', FOLDER).pathname);

describe('key usage measure', () => {
  const keys = ['toast.abnormal', 'sports.period.first', 'sports.period.second', 'sports.oddsFormat.decimal', 'payments.withdraw.pixKeyCpf', 'payments.title'];

  it('finds quoted keys, template heads and quoted subtrees, and nothing else', () => {
    expect([...keysNamed("t('toast.abnormal'); t(`sports.period.${p}`)", keys)].sort()).toEqual([
      'sports.period.first',
      'sports.period.second',
      'toast.abnormal',
    ]);
    expect([...keysNamed('const base = "sports.oddsFormat"; t(`payments.withdraw.pixKey${kind}`)', keys)].sort()).toEqual([
      'payments.withdraw.pixKeyCpf',
      'sports.oddsFormat.decimal',
    ]);
    // Words and paths that are no key, a namespace alone and a template without a dotted head name nothing.
    expect(keysNamed("'payments' `${ns}.title` 'toast.abnormal is' '/api/v1/payments.title'", keys).size).toBe(0);
  });

  it('reads a template to its end: the text after a substitution starts no literal, and the keys after it count', () => {
    // header.tsx's shape: the closing backtick was once taken for an opening one, and the key after it was missed.
    const source = "className={crowded ? `${styles.header} ${styles.crowded}` : styles.header}>\n<a aria-label={t('toast.abnormal')} />";
    expect([...keysNamed(source, keys)]).toEqual(['toast.abnormal']);
    expect([...keysNamed("`a ${`${x}.y`} b` + t('payments.title') // player's 'sports.period.first'", keys)]).toEqual(['payments.title']);
    expect([...keysNamed("/* don't 'payments.title' */ t(\"toast.abnormal\")", keys)]).toEqual(['toast.abnormal']);
  });

  it('follows the route table only into the first pages', () => {
    const files = [...bootFiles(FIRST_PAGES)].map((file) => file.replace(/^.*\/src\//, ''));
    expect(files).toContain('main.tsx');
    expect(files).toContain('app/layout/app-layout.tsx');
    expect(files).toContain('pages/sport-page.tsx');
    expect(files).toContain('pages/game-page.tsx');
    expect(files).not.toContain('pages/deposit-page.tsx');
    expect(files).not.toContain('pages/setting-safer-play-page.tsx');
  });

  it('lists as first pages exactly the pages that load no rest (BOOT_CATALOGUE_PATHS: the first routes and a match page)', () => {
    const table = readFileSync(new URL('../app/routes.ts', import.meta.url), 'utf8');
    const pageOf = new Map(
      [...table.matchAll(/path: paths\.(\w+),\s*load: \(\) => import\('\.\.\/(pages\/[^']+)'\)/g)].map(([, name, page]) => [
        paths[name as keyof typeof paths] as string,
        page!,
      ]),
    );
    expect(BOOT_CATALOGUE_PATHS.map((path) => pageOf.get(path)).sort()).toEqual([...FIRST_PAGES].sort());
    expect(FIRST_PAGES).toContain('pages/match-detail-page.tsx');
  });
});

describe('catalogue split', () => {
  it('holds the texts the shell shows before any lazy page: header, tabs, toasts, the generic failure texts', () => {
    // A match page (its own texts: title, not found, no markets) draws from it too.
    for (const key of ['sports.detail.title', 'sports.detail.notFoundTitle', 'sports.detail.noMarketsTitle']) expect(measured.has(key), key).toBe(true);
    for (const key of ['header.deposit', 'footer.game', 'footer.sport', 'footer.me', 'toast.abnormal', 'toast.minorIssue', 'app.loading', 'app.skipToContent'])
      expect(measured.has(key), key).toBe(true);
    // Pages no first route shows stay out of it.
    for (const key of ['payments.copyFailed', 'loyalty.vip.title', 'agent.title', 'help.faqTitle']) expect(measured.has(key), key).toBe(false);
  });

  it('is every key the first screen names (the measure the build cuts by)', () => {
    expect([...bootKeysUsed(load('en-US')).keys()].sort()).toEqual([...measured].sort());
  });

  it.each(LOCALES)('%s: the two parts together are the catalogue, no key in both, the boot part as measured', (locale) => {
    const whole = flatten(load(locale));
    const { boot, rest } = catalogueSplit(load(locale), measured);
    const bootKeysOf = flatten(boot);
    const restKeysOf = flatten(rest);
    expect([...bootKeysOf.keys()].sort()).toEqual([...measured].sort());
    for (const key of bootKeysOf.keys()) expect(restKeysOf.has(key), key).toBe(false);
    expect(new Map([...bootKeysOf, ...restKeysOf])).toEqual(whole);
  });

  it('keeps the boot part small: a quarter of the catalogue or less', () => {
    const { boot } = catalogueSplit(load('en-US'), measured);
    expect(JSON.stringify(boot).length).toBeLessThan(JSON.stringify(load('en-US')).length / 4);
  });
});

describe('the static screens’ texts the build writes for the server (decision 097)', () => {
  it('holds, for every language, each text from its catalogue', () => {
    const directory = new URL('./locales/', import.meta.url).pathname;
    const texts = firstScreenTexts(directory);
    expect(Object.keys(texts).sort()).toEqual([...LOCALES].sort());
    for (const locale of LOCALES) {
      const catalogue = flatten(JSON.parse(readFileSync(join(directory, `${locale}.json`), 'utf8')) as Catalogue);
      for (const key of FIRST_SCREEN_TEXT_KEYS) expect(texts[locale]![key], `${locale} ${key}`).toBe(catalogue.get(key));
    }
    expect(texts['pt-BR']!['sports.detail.title']).toBe('Partida');
  });

  it('fails the build when a catalogue lacks one', () => {
    const directory = mkdtempSync(join(tmpdir(), 'piranha-locales-'));
    try {
      writeFileSync(join(directory, 'en-US.json'), JSON.stringify({ popup: { dismiss: 'Not now', open: 'Take a look' } }));
      expect(() => firstScreenTexts(directory)).toThrow(/en-US\.json has no text for sports\.detail\.title/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
