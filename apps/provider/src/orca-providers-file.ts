import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ORCA_PLATFORM, orcaCatalogueEntries } from './orca-catalogue.ts';

/**
 * What `npm start`, `start:two-nodes` and the browser journeys give both processes: a CASINO_PROVIDERS_FILE with
 * Orca's entry (its games, its launch URL on its own origin, and the wallet secret the two share). The secret is
 * made once per data dir and kept there (owner-only), so a restart keeps it; it is never printed or logged.
 */
export function orcaSecretOf(dataDir: string): string {
  const file = join(dataDir, 'orca', 'wallet-secret');
  try {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The launch URL template our hall fills in (`{game_id}`, `{token}`, `{user}`, `{lang}`, `{currency}`). */
export function orcaLaunchTemplate(origin: string): string {
  return `${origin}/games/{game_id}?token={token}&user={user}&lang={lang}&currency={currency}`;
}

export function orcaProvidersFileWrite({ dataDir, file, origin }: { dataDir: string; file: string; origin: string }): void {
  const entry = { platform: ORCA_PLATFORM, secret: orcaSecretOf(dataDir), launch_url_template: orcaLaunchTemplate(origin), games: orcaCatalogueEntries() };
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${JSON.stringify([entry], null, 2)}\n`, { mode: 0o600 });
}

/** Orca's wallet secret from a CASINO_PROVIDERS_FILE: the same file the operator's server reads. */
export function orcaSecretFromProvidersFile(file: string): string {
  const entries = JSON.parse(readFileSync(file, 'utf8')) as { platform?: unknown; secret?: unknown }[];
  const entry = Array.isArray(entries) ? entries.find((candidate) => candidate.platform === ORCA_PLATFORM) : undefined;
  if (!entry || typeof entry.secret !== 'string' || entry.secret.length < 16) throw new Error(`${file} has no orca entry with a secret`);
  return entry.secret;
}
