export * from './jurisdictions.ts';
export * from './limit-windows.ts';
export * from './reality-check.ts';
export * from './kyc.ts';
export * from './play-time.ts';
export * from './prize-withholding.ts';
