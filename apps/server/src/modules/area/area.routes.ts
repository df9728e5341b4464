import { areaCheck as areaCheckEndpoint } from '@piranha/contract';
import type { FastifyInstance } from 'fastify';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import type { GeoIpProvider } from '../../providers/geo/geo-ip.ts';
import { areaCheck } from './area.service.ts';

export function areaRoutes(app: FastifyInstance, deps: RouteDeps & { geo: GeoIpProvider; blockedCountries: readonly string[] }): void {
  routeRegister(app, deps, areaCheckEndpoint, async ({ request, ctx }) => areaCheck(deps.geo, deps.blockedCountries, request.ip, ctx.variant));
}
