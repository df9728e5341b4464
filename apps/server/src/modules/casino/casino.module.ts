import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { ProviderRateLimit } from '../../plugins/rate-limit.ts';
import type { RouteDeps } from '../../plugins/route.ts';
import { casinoCatalogueSeed, externalProvidersLoad } from './casino-catalogue.ts';
import type { HallDeps } from './casino-hall.service.ts';
import { casinoRoundsRecover, HOUSE, type StudioDeps } from './casino-studio.service.ts';
import { casinoWalletRoutes } from './casino-wallet.routes.ts';
import type { SeamlessWalletDeps } from './casino-wallet.service.ts';
import { casinoRoutes } from './casino.routes.ts';
import type { RealtimePublisher } from '../../realtime/realtime-bus.ts';
import { crashLiveJobSpec, type CrashLiveDeps } from './crash-live.service.ts';

/** How often half-done casino rounds are looked for. */
const CASINO_RECOVERY_MS = 60_000;

export interface CasinoModule {
  studio: StudioDeps;
  hall: HallDeps;
  wallet: SeamlessWalletDeps;
  crashLive: CrashLiveDeps;
}

/**
 * Casino: the catalogue seeded, the seamless wallet (for our studio and any configured provider), the hall, the
 * house studio, and the leader job that completes or refunds rounds a crash left half-done.
 */
export async function casinoModuleRegister(
  app: FastifyInstance,
  {
    config,
    db,
    deps,
    jobs,
    providerRateLimit,
    realtime,
  }: { config: AppConfig; db: Db; deps: RouteDeps; jobs: JobRunner; providerRateLimit: ProviderRateLimit; realtime?: RealtimePublisher },
): Promise<CasinoModule> {
  const providers = externalProvidersLoad(config.casino.providersFile, { production: config.production });
  await casinoCatalogueSeed(db, providers);
  const partners = new Map<string, string>([
    [HOUSE, config.casino.houseSecret ?? randomBytes(32).toString('hex')],
    ...providers.map((p) => [p.platform, p.secret] as [string, string]),
  ]);
  const wallet: SeamlessWalletDeps = { db, now: deps.now, partners, moneyActionGuard: deps.moneyActionGuard };
  const studio: StudioDeps = { db, now: deps.now, wallet, log: (message) => app.log.warn(message) };
  const hall: HallDeps = { db, now: deps.now, providers, tokenTtlMs: config.casino.tokenTtlMinutes * 60_000 };
  await casinoWalletRoutes(app, wallet, providerRateLimit);
  const crashLive: CrashLiveDeps = {
    studio,
    ...(realtime ? { realtime } : {}),
    ...(config.casino.crashLiveTestChain ? { testChainSecret: config.casino.crashLiveTestChain } : {}),
  };
  casinoRoutes(app, deps, hall, studio, crashLive);
  // Rounds a crash left half-done are completed or refunded at start and then every minute (GLI-19 §4.16).
  jobs.register({ name: 'casino-rounds-recover', scope: 'leader', everyMs: CASINO_RECOVERY_MS, atStart: 'await', run: () => casinoRoundsRecover(studio) });
  // Crash live (decision 071): the brands' shared rounds — scheduled, auto cash-outs paid, crashed rounds closed.
  jobs.register(crashLiveJobSpec(crashLive));
  return { studio, hall, wallet, crashLive };
}
