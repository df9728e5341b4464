import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './precompress-plugin.ts';

export default defineConfig({
  plugins: [react(), precompressPlugin()],
  build: {
    // The bench reads the manifest to measure what each first route loads.
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // The libraries every first route runs, in one chunk: left to the default splitting they came in ~8 small
        // files that change with each import edit, each a request and compressed on its own (−2.8 KB brotli and 7
        // requests fewer on /#/game, measured). Only what the app uses of them is in it, as before.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](?:react|react-dom|scheduler|react-router|@tanstack[\\/](?:query-core|react-query)|zod|zustand|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/brand': 'http://127.0.0.1:8080', '/cdn': 'http://127.0.0.1:8080' },
  },
});
