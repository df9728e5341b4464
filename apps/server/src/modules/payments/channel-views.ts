import type { PayChannel } from '@piranha/contract';
import type { CurrencyCode, VariantProfile } from '@piranha/domain';
import {
  dailyMaxMinor,
  payinMinMinor,
  payoutMinMinor,
  quickAmountsMinor,
  withdrawalFeeCapMinor,
  WITHDRAWAL_FEE_RATE_BP,
  type PayinChannelDef,
  type PayoutChannelDef,
} from '@piranha/domain/payments';

/** How a channel reads on the wire (spec §3 pay_channel items) with its limits for this brand and player. */
function channelMaxMinor(channel: PayinChannelDef, currency: CurrencyCode): number {
  const daily = dailyMaxMinor(currency);
  return channel.providerMaxMajor === undefined ? daily : Math.min(daily, channel.providerMaxMajor * 100);
}

export function payChannelOf(channel: PayinChannelDef, brand: VariantProfile, firstDeposit: boolean): PayChannel {
  return {
    key: channel.key,
    name: channel.name,
    icon: `/pay-icons/${channel.key.toLowerCase()}.svg`,
    currency: channel.currency,
    min_amount: payinMinMinor(channel.currency, brand.minCharge, firstDeposit),
    max_amount: channelMaxMinor(channel, channel.currency),
    quick_amounts: quickAmountsMinor(channel.currency, brand.minCharge),
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
