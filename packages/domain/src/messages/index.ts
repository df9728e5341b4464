export * from './html-sanitize.ts';
export * from './event-messages.ts';
