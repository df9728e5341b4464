import { areaCheck as areaCheckEndpoint } from '@piranha/contract';
import type { FastifyInstance } from 'fastify';
import type { NativeShellKey } from '../../config.ts';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import type { GeoIpProvider } from '../../providers/geo/geo-ip.ts';
import { areaCheck, SHELL_PROOF_HEADER, shellProofValid } from './area.service.ts';

export function areaRoutes(
  app: FastifyInstance,
  deps: RouteDeps & { geo: GeoIpProvider; blockedCountries: readonly string[]; nativeShellKeys: readonly NativeShellKey[] },
): void {
  routeRegister(app, deps, areaCheckEndpoint, async ({ request, ctx }) => {
    const proof = request.headers[SHELL_PROOF_HEADER];
    const nativeShell = shellProofValid(deps.nativeShellKeys, ctx.variant.appKey, typeof proof === 'string' ? proof : undefined, deps.now());
    if (nativeShell) request.log.info({ appKey: ctx.variant.appKey }, 'area check: native shell exemption');
    return areaCheck(deps.geo, deps.blockedCountries, { ip: request.ip, variant: ctx.variant, nativeShell });
  });
}
