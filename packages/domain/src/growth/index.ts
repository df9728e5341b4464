export * from './referral.ts';
