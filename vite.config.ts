import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

// Plugin order from STACK-NOTES.md: the router plugin splits route code first,
// Babel runs Lingui's macros (plugin-react 6 no longer runs Babel), then React
// and Lingui's catalog loader for `.po` imports.
// The server's VARIANT (th | la) also selects the SPA's variant: `npm start`
// builds with the same environment, so copy it into VITE_VARIANT (docs/decisions.md, SPA).
const variantDefine = process.env.VARIANT
  ? { 'import.meta.env.VITE_VARIANT': JSON.stringify(process.env.VARIANT) }
  : {};

export default defineConfig({
  define: variantDefine,
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    lingui({ failOnMissing: true, failOnCompileError: true }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
