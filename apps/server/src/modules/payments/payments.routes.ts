import {
  accountElementsGet,
  accountElementsSet,
  accountGet,
  bankCodeGet,
  currencyInfoGet,
  depositInfoGet,
  payinCodeCheck,
  payinCodeUse,
  payinOrderAppealCreate,
  payinOrderAppealGet,
  payinOrderCreate,
  payinOrderStatus,
  payinUserRecommend,
  payOrderHistory,
  payoutOrderCreate,
  payoutOrderStatus,
  payoutOrderTransfiya,
  payoutSocial,
  payoutSocialClick,
  pddWithdraw,
  userDepositCheck,
} from '@piranha/contract';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { AppError } from '../../app-error.ts';
import { envelopeOk } from '../../plugins/error-handler.ts';
import { routeRegister } from '../../plugins/route.ts';
import { currencyInfoOf } from './currency-info.ts';
import { depositInfo, payinCreate, payinRecommendOf, payinResume, payinStatus, userDepositCheckOf } from './payin.service.ts';
import { brandOfUser, type PaymentsDeps } from './payments-deps.ts';
import { appealCreate, appealGet, appealResolve, historyOf, payinCodeAttach, payinCodeCheckOf } from './payments-records.service.ts';
import {
  accountElements,
  accountElementsSave,
  accountSummary,
  bankCodes,
  payoutCreate,
  payoutResume,
  payoutSocialClickRecord,
  payoutSocialOf,
  payoutStatusOf,
  pddWithdrawOf,
  transfiyaOf,
} from './payout.service.ts';

const opsAppealBody = z.strictObject({ appeal_id: z.number().int().positive(), status: z.union([z.literal(1), z.literal(2), z.literal(3)]) });

/** Spec §7 Finance: HTTP only — each route parses with the contract and calls one service function. */
export function paymentsRoutes(app: FastifyInstance, deps: PaymentsDeps & { opsToken: string | undefined }): void {
  // Operators review appeals: 1 in review, 2 upheld (an uncredited pay-in is credited), 3 rejected. Off unless OPS_TOKEN is set.
  app.post('/api/ops/payments/appeal', async (request) => {
    if (!deps.opsToken || request.headers.authorization !== `Bearer ${deps.opsToken}`) throw new AppError('UNAUTHORISED');
    const body = opsAppealBody.safeParse(request.body);
    if (!body.success) throw new AppError('VALIDATION_FAILED', { field: String(body.error.issues[0]?.path[0] ?? 'body') });
    return envelopeOk(await appealResolve(deps, body.data.appeal_id, body.data.status));
  });

  routeRegister(app, deps, currencyInfoGet, async ({ user, ctx }) =>
    currencyInfoOf(user ? await brandOfUser(deps.db, user) : ctx.variant, ctx.params.currency),
  );
  routeRegister(app, deps, depositInfoGet, ({ user, query, ctx }) => depositInfo(deps, user, query, ctx.params.currency));
  // Both commit their order with the key claimed in flight and then call the provider; a retry after a crash resumes
  // that call for the same order (decision 016).
  routeRegister(app, deps, payinOrderCreate, ({ user, body, request, claim }) => payinCreate(deps, user, body, request.log, claim), {
    resumable: { resume: ({ user, body, request, ref }) => payinResume(deps, user, body, ref, request.log) },
  });
  routeRegister(app, deps, payinOrderStatus, ({ user, query }) => payinStatus(deps, user, query.order_id));
  routeRegister(app, deps, userDepositCheck, ({ user }) => userDepositCheckOf(deps, user));
  routeRegister(app, deps, payinUserRecommend, ({ user }) => payinRecommendOf(deps, user));
  routeRegister(app, deps, payinCodeCheck, ({ user, body }) => payinCodeCheckOf(deps, user, body.code));
  routeRegister(app, deps, payinCodeUse, ({ user, body }) => payinCodeAttach(deps, user, body.code, body.order_id));
  routeRegister(app, deps, payinOrderAppealGet, ({ user, query }) => appealGet(deps, user, query.order_id));
  routeRegister(app, deps, payinOrderAppealCreate, ({ user, body }) => appealCreate(deps, user, body));
  routeRegister(app, deps, accountGet, ({ user, ctx }) => accountSummary(deps, user, ctx.params.currency));
  routeRegister(app, deps, accountElementsGet, ({ user, query }) => accountElements(deps, user, query.channel));
  routeRegister(app, deps, accountElementsSet, ({ user, body }) => accountElementsSave(deps, user, body.channel, body.elements));
  routeRegister(app, deps, bankCodeGet, ({ user, query }) => bankCodes(deps, user, query.channel));
  routeRegister(app, deps, payoutOrderCreate, ({ user, body, request, claim }) => payoutCreate(deps, user, body, request.log, claim), {
    resumable: { resume: ({ user, ref, request }) => payoutResume(deps, user, ref, request.log) },
  });
  routeRegister(app, deps, payoutOrderStatus, ({ user, query }) => payoutStatusOf(deps, user, query.order_id));
  routeRegister(app, deps, payoutOrderTransfiya, ({ user }) => transfiyaOf(deps, user));
  routeRegister(app, deps, payoutSocial, ({ user }) => payoutSocialOf(deps, user));
  routeRegister(app, deps, payoutSocialClick, ({ user, body }) => payoutSocialClickRecord(deps, user, body.order_id, body.channel));
  routeRegister(app, deps, pddWithdraw, ({ user, body }) => pddWithdrawOf(deps, user, body.pdd_uid));
  routeRegister(app, deps, payOrderHistory, ({ user, query }) => historyOf(deps, user, query));
}
