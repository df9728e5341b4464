import { BlockList, isIPv6 } from 'node:net';
import { isCurrencyCode, variantFindByKey, DEFAULT_VARIANT, type CurrencyCode, type VariantProfile } from '@piranha/domain';
import { AppError } from '../../app-error.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import type { ProviderRateLimit } from '../../plugins/rate-limit.ts';
import type { RouteDeps } from '../../plugins/route.ts';
import type { SandboxPsp } from '../../providers/payments/sandbox-psp.ts';
import { userFind } from '../account/account.repository.ts';
import type { OutboxDeps } from '../outbox/outbox.service.ts';

export interface PaymentsDeps extends RouteDeps {
  provider: SandboxPsp;
  /** Shared with the provider: signs notifications and M-Pesa callback tokens. */
  webhookSecret: string;
  /** Where M-Pesa callbacks may come from; undefined accepts any address. */
  mpesaAllowlist?: BlockList;
  /** Notifications are counted per provider when signed, per address otherwise (not by the players' per-IP hook). */
  providerRateLimit: ProviderRateLimit;
  /** A pay-in's provider start is an outbox row of the order's transaction (decision 042). */
  outbox: OutboxDeps;
}

/** A BlockList of IPs and CIDRs (IPv4 or IPv6), used as an allowlist. */
export function addressListOf(entries: readonly string[]): BlockList | undefined {
  if (entries.length === 0) return undefined;
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/');
    const family = isIPv6(address!) ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address!, family);
    else list.addSubnet(address!, Number(prefix), family);
  }
  return list;
}

/** The brand the player belongs to: money rules follow the account's brand, never the request's app-key header. */
export async function brandOfUser(db: DbOrTx, user: number | SessionUser): Promise<VariantProfile> {
  // A session checked in this request already carries the account's brand (it never changes).
  const appKey = typeof user === 'number' ? undefined : user.appKey;
  if (appKey !== undefined) return variantFindByKey(appKey) ?? DEFAULT_VARIANT;
  const row = await userFind(db, typeof user === 'number' ? user : user.uid);
  return (row && variantFindByKey(row.appKey)) ?? DEFAULT_VARIANT;
}

/** A currency the brand holds, named by the client or else the brand's first; anything else names the field. */
export function brandCurrency(brand: VariantProfile, requested: string | undefined, field: string): CurrencyCode {
  if (requested === undefined || requested === '') return brand.currency;
  const code = requested.toUpperCase();
  if (!isCurrencyCode(code) || !brand.currencies.includes(code)) throw new AppError('PAYMENT_CURRENCY_MISMATCH', { field, issue: 'not_offered' });
  return code;
}

export const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** Start of the player's day for the daily maximum: UTC midnight (one rule for every market). */
export function dayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}
