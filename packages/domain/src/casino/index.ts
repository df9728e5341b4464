export * from './types.ts';
export * from './fair.ts';
