export * from './wagering-contribution.ts';
export * from './bonus-wagering.ts';
export * from './bonus-status.ts';
export * from './bonus-conversion.ts';
export * from './bonus-grant.ts';
export * from './bonus-campaign.ts';
export * from './bonus-sign-up.ts';
export * from './bonus-booster.ts';
