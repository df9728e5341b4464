export * from './bet-slip.ts';
export * from './bet-slip-odds-refresh.ts';
export * from './bet-slip-quote.ts';
export * from './combinations.ts';
export * from './odds-change-preference.ts';
export * from './payout-floor.ts';
export * from './system-bets.ts';
