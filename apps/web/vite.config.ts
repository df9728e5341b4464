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
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/brand': 'http://127.0.0.1:8080', '/cdn': 'http://127.0.0.1:8080' },
  },
});
