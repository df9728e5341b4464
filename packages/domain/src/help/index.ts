export * from './help-content.ts';
export * from './help-links.ts';
export * from './help-seed.ts';
export * from './banner-click.ts';
