import {
  helpFaqList,
  helpFeedbackSubmit,
  helpItemGet,
  helpNewsList,
  helpPageGet,
  opsHelpFeedbackListBody,
  opsHelpItemRemoveBody,
  opsHelpItemUpsertBody,
} from '@piranha/contract';
import type { FastifyInstance } from 'fastify';
import { envelopeOk } from '../../plugins/error-handler.ts';
import { opsBodyParse } from '../../plugins/ops-body.ts';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import {
  helpFaqListGet,
  helpFeedbackPost,
  helpItemGetOne,
  helpNewsListGet,
  helpPageGetOne,
  opsHelpFeedbackList,
  opsHelpItemRemove,
  opsHelpItemUpsert,
} from './help.service.ts';

/** The help centre's endpoints (decision 038) and the operator's content and feedback endpoints behind OPS_TOKEN. */
export function helpRoutes(app: FastifyInstance, routeDeps: RouteDeps & { opsToken: string | undefined }): void {
  const deps = { db: routeDeps.db, now: routeDeps.now, seeded: new Set<string>() };
  routeRegister(app, routeDeps, helpFaqList, ({ ctx, query }) => helpFaqListGet(deps, ctx, query));
  routeRegister(app, routeDeps, helpItemGet, ({ ctx, query }) => helpItemGetOne(deps, ctx, query.id));
  routeRegister(app, routeDeps, helpPageGet, ({ ctx, query }) => helpPageGetOne(deps, ctx, query.kind));
  routeRegister(app, routeDeps, helpNewsList, ({ ctx, query }) => helpNewsListGet(deps, ctx, query.kind));
  routeRegister(app, routeDeps, helpFeedbackSubmit, ({ ctx, user, body, request }) => helpFeedbackPost(deps, ctx, request.ip, user?.uid, body));

  const token = routeDeps.opsToken;
  app.post('/api/ops/help/item/upsert', async (request) => envelopeOk(await opsHelpItemUpsert(deps, opsBodyParse(token, request, opsHelpItemUpsertBody))));
  app.post('/api/ops/help/item/remove', async (request) => envelopeOk(await opsHelpItemRemove(deps, opsBodyParse(token, request, opsHelpItemRemoveBody))));
  app.post('/api/ops/help/feedback/list', async (request) =>
    envelopeOk(await opsHelpFeedbackList(deps, opsBodyParse(token, request, opsHelpFeedbackListBody))),
  );
}
