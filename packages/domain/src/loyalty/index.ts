export * from './vip.ts';
export * from './tasks.ts';
export * from './brand-time.ts';
export * from './loyalty-campaigns.ts';
export * from './ranking.ts';
export * from './cashback.ts';
export * from './vip-wheel.ts';
export * from './raffle.ts';
