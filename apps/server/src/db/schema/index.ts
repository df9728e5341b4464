export * from './accounts.ts';
export * from './ledger.ts';
export * from './platform.ts';
export * from './content.ts';
export * from './reports.ts';
export * from './accounts-auth.ts';
export * from './payments-server.ts';
export * from './betting.ts';
