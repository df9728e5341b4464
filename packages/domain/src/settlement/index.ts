export * from './bet-settle.ts';
export * from './cash-out.ts';
export * from './leg-factor.ts';
export * from './leg-outcome.ts';
export * from './leg-settle.ts';
export * from './line-quarters.ts';
export * from './resettlement.ts';
