import { PAYIN_CHANNELS, PAYOUT_CHANNELS } from '@piranha/domain/payments';

/** The name a player knows a method by ("M-Pesa", not MPESA) for records that carry only its key. */
export function channelName(key: string, currency: string): string {
  const all = [...PAYIN_CHANNELS, ...PAYOUT_CHANNELS];
  return (all.find((channel) => channel.key === key && channel.currency === currency) ?? all.find((channel) => channel.key === key))?.name ?? key;
}
