export * from './referral.ts';
export * from './referral-terms.ts';
export * from './agent.ts';
export * from './money-rain.ts';
export * from './pdd.ts';
