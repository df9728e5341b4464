export * from './referral.ts';
export * from './agent.ts';
export * from './money-rain.ts';
