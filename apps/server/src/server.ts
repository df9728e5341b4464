import { buildApp } from './app.ts';
import { configLoad } from './config.ts';

const config = configLoad(process.env);
const { app, database } = await buildApp(config);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  // In-flight requests finish; new ones get 503 (return503OnClosing) until the listener is gone.
  const timer = setTimeout(() => process.exit(1), 10_000);
  await app.close();
  clearTimeout(timer);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
const shown = config.host === '0.0.0.0' ? '127.0.0.1' : config.host;
console.log(
  `\nPiranha is running at http://${shown}:${config.port}/  (database: ${database.driver === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}${database.dataDirOrigin === 'template' ? ', new, copied from the template' : ''}`})\n`,
);
