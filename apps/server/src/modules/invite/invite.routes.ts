import { inviteBind, inviteDetail, inviteFissionList, inviteInfo, invitePromoCode, referrerCheck, referrerReport } from '@piranha/contract';
import { referralCampaignDefault, VARIANT_PROFILES } from '@piranha/domain';
import type { FastifyInstance } from 'fastify';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import type { CampaignSeedRow } from '../bonus/bonus.repository.ts';
import {
  inviteBindPost,
  inviteDetailGet,
  inviteFissionGet,
  inviteInfoGet,
  invitePromoCodeGet,
  referrerCheckPost,
  referrerReportPost,
} from './invite.service.ts';

/** Invite endpoints (spec §7 /api/piranha/user/invite, promo code, fission list, referrer check and report; decision 051). */
export function inviteRoutes(app: FastifyInstance, deps: RouteDeps): void {
  routeRegister(app, deps, inviteInfo, ({ user, ctx, request }) =>
    inviteInfoGet(deps, { user, appKey: ctx.variant.appKey, smid: ctx.params.smid, ip: request.ip }, { protocol: request.protocol, host: request.host }),
  );
  routeRegister(app, deps, inviteDetail, ({ user, query, ctx }) => inviteDetailGet(deps, user, ctx.variant.appKey, query.page ?? 1));
  routeRegister(app, deps, invitePromoCode, ({ user, query, ctx }) => invitePromoCodeGet(deps, user, ctx.variant.appKey, query.code));
  routeRegister(app, deps, inviteBind, ({ user, body, ctx, request }) =>
    inviteBindPost(deps, { user, appKey: ctx.variant.appKey, smid: ctx.params.smid, ip: request.ip }, body),
  );
  routeRegister(app, deps, inviteFissionList, ({ user, ctx }) => inviteFissionGet(deps, user, ctx.variant.appKey));
  routeRegister(app, deps, referrerCheck, ({ body, ctx }) => referrerCheckPost(deps, ctx.variant.appKey, ctx.params.smid, body));
  routeRegister(app, deps, referrerReport, ({ body, ctx }) => referrerReportPost(deps, ctx.variant.appKey, ctx.params.smid, body));
}

/** Every brand's referral campaign of the bonus engine (inserted only when missing: an operator's pause stays). */
export function referralCampaignRows(): CampaignSeedRow[] {
  return VARIANT_PROFILES.map((profile) => ({ ...referralCampaignDefault(profile), appKey: profile.appKey }));
}
