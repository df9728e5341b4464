import { brgIgnoredReport, brgProfileGet } from '@piranha/contract';
import { isCurrencyCode, partnerOriginParse } from '@piranha/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../app-error.ts';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import { walletsOfUser } from '../ledger/ledger.repository.ts';

export interface BrgDeps {
  /** BRG_PARTNER_ORIGINS: appKey → the partner origins of that partner-bridge brand. */
  brgPartnerOrigins: Readonly<Record<string, readonly string[]>>;
}

/** A message type worth writing to the log: a short word; anything else is logged as unreadable, never as sent. */
const MESSAGE_TYPE = /^[A-Za-z0-9_.-]{1,64}$/;

/** Spec §7 `brg/profile/get` and the page's report of messages it ignored (decision 064). */
export function brgRoutes(app: FastifyInstance, deps: RouteDeps & BrgDeps): void {
  routeRegister(app, deps, brgProfileGet, async ({ user, ctx, query }) => {
    const variant = ctx.variant;
    if (!variant.flags.partnerBridge) throw new AppError('BRG_NOT_PARTNER_BRAND', { field: 'brand' });
    let parentOrigin: string | undefined;
    if (query.parent_origin !== undefined) {
      parentOrigin = partnerOriginParse(query.parent_origin);
      if (!parentOrigin) throw new AppError('BRG_ORIGIN_INVALID', { field: 'parent_origin' });
    }
    const origins = deps.brgPartnerOrigins[variant.appKey] ?? [];
    const asked = ctx.params.currency;
    const currency = asked && isCurrencyCode(asked) && variant.currencies.includes(asked) ? asked : variant.currency;
    const wallets = await walletsOfUser(deps.db, user.uid);
    return {
      client: { app_key: variant.appKey, name: variant.name, user_ref: String(user.uid) },
      wallet: { currency, balance: wallets.find((wallet) => wallet.currency === currency)?.balanceMinor ?? 0 },
      origins: [...origins],
      parent_allowed: parentOrigin !== undefined && origins.includes(parentOrigin) ? (1 as const) : (0 as const),
    };
  });

  // The server log, not a table: an ignored message is a signal for the operator (a partner misconfigured, someone
  // probing), and the origin is the only thing of it we keep — the payload may hold anything a foreign page wrote.
  routeRegister(app, deps, brgIgnoredReport, async ({ body, ctx, user, request }) => {
    const origin = body.origin === 'null' ? 'null' : partnerOriginParse(body.origin);
    if (!origin) throw new AppError('BRG_ORIGIN_INVALID', { field: 'origin' });
    const type = body.type === undefined ? undefined : MESSAGE_TYPE.test(body.type) ? body.type : '(unreadable)';
    request.log.warn(
      { brand: ctx.variant.appKey, origin, reason: body.reason, type, count: body.count ?? 1, uid: user?.uid, partner: ctx.variant.flags.partnerBridge },
      'partner bridge: message ignored',
    );
    return { logged: 1 as const };
  });
}
