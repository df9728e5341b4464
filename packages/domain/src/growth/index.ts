export * from './referral.ts';
export * from './referral-terms.ts';
