/** Query keys of the payments feature; everything starts with 'payments' so a sign-in can drop it at once. */
export const paymentsKeys = {
  depositInfo: (uid: number, kind: 'fiat' | 'crypto', currency: string | undefined) => ['payments', 'deposit-info', uid, kind, currency ?? 'default'] as const,
  recommend: (uid: number) => ['payments', 'recommend', uid] as const,
  payinOrder: (orderId: string) => ['payments', 'payin-order', orderId] as const,
  payinStatus: (orderId: string) => ['payments', 'payin-status', orderId] as const,
  account: (uid: number) => ['payments', 'account', uid] as const,
  elements: (uid: number, channel: string) => ['payments', 'elements', uid, channel] as const,
  banks: (channel: string) => ['payments', 'banks', channel] as const,
  payoutStatus: (orderId: string) => ['payments', 'payout-status', orderId] as const,
  history: (uid: number, type: string, payStatuses: string | undefined) => ['payments', 'history', uid, type, payStatuses ?? 'all'] as const,
  appeal: (orderId: string) => ['payments', 'appeal', orderId] as const,
};
