import { buildApp, type BuiltApp } from './app.ts';
import type { AppConfig } from './config.ts';
import { PgliteLockedError, pgliteSocketPath } from './db/pglite-lock.ts';
import type { PgliteStarted } from './db/pglite-start.ts';
import { startPhases } from './lib/start-phases.ts';
import { opsSocketListen, type OpsSocket } from './ops-socket.ts';

/**
 * The server's modules (everything server.ts loads once the embedded database is starting): builds the app on the
 * database server.ts began to open, listens, and shuts down on SIGTERM / SIGINT.
 */

/**
 * The built app, or the process ends with the reason alone (an embedded database another process holds): an operator
 * reads it, and a stack trace would bury it.
 */
async function buildOrExit(config: AppConfig, pgliteStarting: Promise<PgliteStarted> | undefined): Promise<BuiltApp> {
  try {
    return await buildApp(config, pgliteStarting ? { pgliteStarting } : {});
  } catch (error) {
    if (!(error instanceof PgliteLockedError)) throw error;
    console.error(`Piranha cannot start: ${error.message}`);
    process.exit(1);
  }
}

export async function serverRun(config: AppConfig, pgliteStarting: Promise<PgliteStarted> | undefined): Promise<void> {
  startPhases.mark('modules loaded');
  const { app, database, started } = await buildOrExit(config, pgliteStarting);

  let opsSocket: OpsSocket | undefined;
  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    // In-flight requests finish; new ones get 503 (return503OnClosing) until the listener is gone.
    const timer = setTimeout(() => process.exit(1), 10_000);
    await opsSocket?.close();
    await app.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  startPhases.mark('listening');
  // When each step of this start ended (ms since the process began): where a slow start's time went.
  void started.then(() => app.log.info({ phases: startPhases.marks() }, 'start finished'));
  // The embedded database is this process's alone: the tools reach it through this socket (ops-socket.ts).
  if (database.driver === 'pglite' && config.dataDir) opsSocket = await opsSocketListen(pgliteSocketPath(config.dataDir), app, database.db);
  const shown = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
  console.log(
    `\nPiranha is running at http://${shown}:${config.port}/  (database: ${database.driver === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}${database.dataDirOrigin === 'template' ? ', new, copied from the template' : ''}`})\n`,
  );
}
