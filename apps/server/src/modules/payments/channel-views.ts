import type { PayChannel } from '@piranha/contract';
import type { VariantProfile } from '@piranha/domain';
import {
  dailyMaxMinor,
  payinMinMinor,
  payinOrderMaxMinor,
  payinQuickAmountsMinor,
  payoutMinMinor,
  quickAmountsMinor,
  withdrawalFeeCapMinor,
  WITHDRAWAL_FEE_RATE_BP,
  type PayinChannelDef,
  type PayoutChannelDef,
} from '@piranha/domain/payments';

/**
 * How a pay-in channel reads on the wire (spec §3 pay_channel items) with its limits for this brand and player:
 * `depositedTodayMinor` is what the player already deposited today in the channel's currency, so the quick
 * amounts never offer more than what is left of the daily maximum.
 */
export function payChannelOf(channel: PayinChannelDef, brand: VariantProfile, firstDeposit: boolean, depositedTodayMinor: number): PayChannel {
  const min = payinMinMinor(channel.currency, brand.minCharge, firstDeposit);
  const max = payinOrderMaxMinor(channel);
  const leftToday = Math.max(0, dailyMaxMinor(channel.currency) - depositedTodayMinor);
  return {
    key: channel.key,
    name: channel.name,
    icon: `/pay-icons/${channel.key.toLowerCase()}.svg`,
    currency: channel.currency,
    min_amount: min,
    max_amount: max,
    quick_amounts: payinQuickAmountsMinor(quickAmountsMinor(channel.currency, brand.minCharge), min, Math.min(max, leftToday)),
    fee_rate_bp: 0,
    fee_cap: 0,
    networks: [...(channel.networks ?? [])],
    fields: [...(channel.fields ?? [])],
  };
}

export function payoutChannelView(channel: PayoutChannelDef, brand: VariantProfile): PayChannel {
  return {
    key: channel.key,
    name: channel.name,
    icon: `/pay-icons/${channel.key.toLowerCase()}.svg`,
    currency: channel.currency,
    min_amount: payoutMinMinor(channel.currency, brand.minCharge),
    max_amount: dailyMaxMinor(channel.currency),
    quick_amounts: [],
    fee_rate_bp: WITHDRAWAL_FEE_RATE_BP,
    fee_cap: withdrawalFeeCapMinor(brand.market, channel.currency),
    networks: channel.key === 'USDT' ? ['TRC20', 'ERC20'] : [],
    fields: [],
  };
}
