import { balanceGet } from '@piranha/contract';
import { currencyGet, isCurrencyCode } from '@piranha/domain';
import type { FastifyInstance } from 'fastify';
import { routeRegister, type RouteDeps } from '../../plugins/route.ts';
import { walletsOfUser } from '../ledger/ledger.repository.ts';

export function walletRoutes(app: FastifyInstance, deps: RouteDeps): void {
  routeRegister(app, deps, balanceGet, async ({ user, ctx }) => {
    const wallets = await walletsOfUser(deps.db, user.uid);
    const display = ctx.params.currency && isCurrencyCode(ctx.params.currency) ? ctx.params.currency : ctx.variant.currency;
    const balances = (wallets.length > 0 ? wallets : [{ currency: display, balanceMinor: 0 }]).map((wallet) => ({
      currency: wallet.currency,
      symbol: isCurrencyCode(wallet.currency) ? currencyGet(wallet.currency).symbol : wallet.currency,
      balance_info: { balance: wallet.balanceMinor },
    }));
    return { balances, total_balance: balances.find((entry) => entry.currency === display)?.balance_info.balance ?? 0 };
  });
}
