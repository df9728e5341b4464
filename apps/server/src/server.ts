import { marketMarginsDefault, marketMarginsWith } from '@piranha/domain';
import { ConfigError, configLoad, sandboxProvidersCheck, type AppConfig } from './config.ts';
import { PgliteLockedError } from './db/pglite-lock.ts';
import { pgliteStart, type PgliteStarted } from './db/pglite-start.ts';
import { startPhases } from './lib/start-phases.ts';

/**
 * The server's entry: the configuration, then the embedded database starts opening — its lock, the template copied
 * into a new DATA_DIR, PGlite's WASM and PostgreSQL start — while the rest of the server's modules load
 * (server-run.ts, imported after; docs/decisions/076-cold-start.md). Under npm start this file and what it imports are
 * a small part of the bundle, loaded first.
 */

startPhases.mark('entry loaded');

/** A reason the server cannot start, alone (a bad setting, production with sandbox providers, a held database). */
function cannotStart(error: unknown): never {
  if (!(error instanceof ConfigError) && !(error instanceof PgliteLockedError)) throw error;
  console.error(`Piranha cannot start: ${error.message}`);
  process.exit(1);
}

/** The configuration, checked as buildApp checks it before anything opens. */
function configOrExit(): AppConfig {
  try {
    const config = configLoad(process.env);
    sandboxProvidersCheck(config);
    // An unknown market kind in FEED_MARGINS fails the start, not a later price.
    marketMarginsWith(marketMarginsDefault, config.feed.margins);
    return config;
  } catch (error) {
    return cannotStart(error);
  }
}

const config = configOrExit();
let pgliteStarting: Promise<PgliteStarted> | undefined;
if (!config.databaseUrl) {
  pgliteStarting = pgliteStart({
    dataDir: config.dataDir,
    templateDir: config.pgliteTemplateDir,
    lockOwner: { role: 'the Piranha server', port: config.port },
  });
  // A database another process holds ends the start at once, with its reason; any other failure reaches buildApp,
  // which awaits this and fails the start as before.
  pgliteStarting.catch((error: unknown) => {
    if (error instanceof PgliteLockedError) cannotStart(error);
  });
}
const { serverRun } = await import('./server-run.ts');
await serverRun(config, pgliteStarting);
