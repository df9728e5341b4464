/** The markets the sports feed quotes: FB codes, market ids, margins per kind, the priced book and its settlement. */
export * from './market-codes.ts';
export * from './market-id.ts';
export * from './market-margins.ts';
export * from './market-book.ts';
export * from './market-settle.ts';
