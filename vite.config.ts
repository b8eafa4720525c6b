import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompress()],
  resolve: { alias: { '~': new URL('./web', import.meta.url).pathname } },
  build: { assetsInlineLimit: 0 },
});
