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

// Chunks (docs/decisions.md, SPA "Login budget"). One `vendor` chunk holds the
// libraries every page runs: rolldown would otherwise cut them into a dozen
// small chunks, each a request and a fresh gzip dictionary. Vite's preload
// helper, which every lazy import calls, rides along instead of being a
// chunk of its own. Our modules need no group: rolldown's chunk merging puts
// the ones every page uses into the entry (main.tsx must stay free of
// top-level await, or rolldown turns that merging off), and route code
// splitting keeps the rest lazy. Member-only libraries (luxon, Radix Dialog,
// DOMPurify, sonner, ...) are not listed: they load with the pages, or the
// first toast, that use them. Module ids use forward slashes on every platform.
const VENDOR =
  /\/node_modules\/(react|react-dom|scheduler|use-sync-external-store|@tanstack|xstate|@xstate|@lingui|valibot)\//;
const PRELOAD_HELPER = '\0vite/preload-helper.js';

export default defineConfig({
  define: variantDefine,
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        // The public shell and the login form are where nearly every visit
        // starts (members too, when their session ends): part of the entry,
        // rather than two more requests after it.
        splitBehavior: ({ routeId }) => (routeId === '/_public' || routeId === '/_public/login' ? [] : undefined),
      },
    }),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    react(),
    lingui({ failOnMissing: true, failOnCompileError: true }),
  ],
  resolve: {
    alias: [
      // React 19 has useSyncExternalStore: Lingui, XState and TanStack import
      // the shim for React 17, whose fallback code would ship for nothing.
      { find: /^use-sync-external-store\/shim(\/with-selector)?$/, replacement: 'use-sync-external-store$1' },
    ],
  },
  build: {
    target: 'es2022',
    // The polyfill runs inside the entry, after the files it would preload
    // have loaded; without it Vite's helper falls back to <link rel=preload>
    // where modulepreload is missing (Safari < 17). 0.3 KB off every page.
    modulePreload: { polyfill: false },
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'vendor', test: (id) => VENDOR.test(id) || id === PRELOAD_HELPER }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
