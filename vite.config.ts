import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress()],
  resolve: { alias: { '~': new URL('./web', import.meta.url).pathname } },
  build: {
    assetsInlineLimit: 0,
    // Chunks of a few hundred bytes (a shared helper, a small component) are joined to the chunks that load
    // with them: each chunk is named up to four times in a page's route manifest and preloads, and the home
    // page's HTML is held under 60 KB (decisions 0025, 0050).
    rollupOptions: { output: { experimentalMinChunkSize: 2000 } },
  },
});
