export * from './pwa-manifest.ts';
export * from './download-links.ts';
export * from './pwa-award.ts';
