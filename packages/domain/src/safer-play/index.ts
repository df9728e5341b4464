export * from './jurisdictions.ts';
export * from './limit-windows.ts';
