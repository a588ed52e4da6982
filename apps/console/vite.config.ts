import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      onwarn(warning, warn) {
        // Intended: Login is imported statically by the router so it never needs a chunk from a rebooting module.
        if (warning.message.includes('features/auth/login.tsx') && warning.message.includes('dynamic import will not move')) return;
        warn(warning);
      },
      output: {
        // Libraries change less often than screens: separate chunks stay cached across console updates.
        manualChunks(id) {
          if (!id.includes('node_modules')) return undefined;
          if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
          if (id.includes('node_modules/zod/')) return 'zod';
          // Only chart screens need uPlot: left to Rollup, it stays with the screens that import it.
          if (id.includes('node_modules/uplot/')) return undefined;
          return 'vendor';
        },
      },
    },
  },
  // The module server owns /api; in development Vite only serves the console.
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
