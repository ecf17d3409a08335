import { statSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { installableApp } from './scripts/pwa/build.ts';

// Plugin order from docs/stack-notes.md: the router plugin splits route code first,
// Babel runs Lingui's macros (plugin-react 6 no longer runs Babel), then React
// and Lingui's catalog loader for `.po` imports.
// The server's VARIANT (th | la) also selects the SPA's variant: `npm start`
// builds with the same environment, so copy it into VITE_VARIANT
// (docs/decisions/0006-variant-at-build-time.md).
const variantDefine = process.env.VARIANT
  ? { 'import.meta.env.VITE_VARIANT': JSON.stringify(process.env.VARIANT) }
  : {};
/** The build's default language, as src/i18n/locale.ts decides it from the variant. */
const DEFAULT_LOCALE = process.env.VARIANT === 'la' ? 'la' : 'th';

// Chunks (docs/decisions/0013-login-budget-120-kb.md). One `vendor` chunk holds the
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

// Phones on slow networks pay for every byte, so the server sends text files
// compressed (src/server/plugins/spa.ts, @fastify/static `preCompressed`):
// brotli, or gzip where the browser offers no brotli (plain http on a LAN).
// Compressing once here costs no CPU per request and beats the levels
// on-the-fly compression can afford. Brotli 10, not 11: within 2% of it in a
// third of the time (11 adds ~2 s to a build on a busy machine, and rolldown
// then warns about a slow plugin). Every text file of the output folder gets
// its copies, public/'s included (vite has copied it by now); a copy is
// written only where it saves bytes. woff2 is compressed already.
const COMPRESSIBLE = /\.(js|css|html|svg)$/;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function precompress(): Plugin {
  return {
    name: 'wallet:precompress',
    apply: 'build',
    async writeBundle(options) {
      const outDir = options.dir!;
      const files = (await readdir(outDir, { recursive: true })).filter((fileName) => COMPRESSIBLE.test(fileName));
      await Promise.all(
        files.map(async (fileName) => {
          const file = path.join(outDir, fileName);
          const raw = await readFile(file);
          const copies = {
            br: brotliAsync(raw, {
              params: {
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                [zlib.BROTLI_PARAM_QUALITY]: 10,
                [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gz: gzipAsync(raw, { level: zlib.Z_BEST_COMPRESSION }),
          };
          for (const [extension, copy] of Object.entries(copies)) {
            const data = await copy;
            if (data.length < raw.length) await writeFile(`${file}.${extension}`, data);
          }
        }),
      );
    },
  };
}

// main.tsx asks for the `public` catalogue only once the entry and vendor
// chunks have run: one more round trip before the first render. Most members
// see the default language, so index.html preloads its catalogue beside the
// other chunks; a member who chose another one fetches theirs as before.
function preloadDefaultCatalogue(): Plugin {
  let base = '/';
  return {
    name: 'wallet:preload-default-catalogue',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const catalogue = `/locales/${DEFAULT_LOCALE}/public.po`;
        const chunk = Object.values(bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(catalogue),
        );
        if (!chunk) throw new Error(`no chunk for ${catalogue}`);
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: base + chunk.fileName }, injectTo: 'head' }];
      },
    },
  };
}

/**
 * The member home's first screen in one chunk (docs/decisions/0147-the-member-home-paints-first.md).
 * Left to itself, rolldown cut the code of the member shell and the home
 * into ~35 chunks by which pages share each module: on HTTP/1.1, six at a
 * time, each a round trip before the home could render. This group holds
 * the modules the shell's and the home's route components import
 * statically, except the vendor chunk's libraries and anything the rest of
 * the app can reach without entering the member area (the entry, the public
 * pages, the console, and what they load lazily): /login and the console
 * never load this chunk. Those the rest reaches only lazily (the API's
 * contract, the reads, the notice's sanitiser) are a second chunk,
 * `member-shared`, which the console and the API client's first call load
 * too, after /login is interactive. The entry's modules stay in the entry.
 * Lazy parts (carousels, modals, the socket) stay chunks of their own.
 */
const MEMBER_HOME_ROOTS = [/\/src\/routes\/_member\.tsx\?tsr-split=component$/, /\/src\/routes\/_member\/user\/home\.tsx\?tsr-split=component$/];
/** ofetch and its two libraries (src/api/client.ts loads them on the first call). */
const API_FETCH = /\/node_modules\/(ofetch|destr|ufo)\//;
/** The member area's route components: where the rest of the app's reach stops. */
const MEMBER_AREA = /\/src\/routes\/_member(\/.+)?\.tsx\?tsr-split=/;

function memberHomeChunks(): { plugin: Plugin; own: (id: string) => boolean; shared: (id: string) => boolean } {
  const own = new Set<string>();
  const shared = new Set<string>();
  return {
    plugin: {
      name: 'wallet:member-home-chunk',
      apply: 'build',
      buildEnd() {
        const ids = [...this.getModuleIds()];
        const closure = (roots: string[], next: (id: string) => readonly string[]) => {
          const seen = new Set<string>();
          const pending = [...roots];
          for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
            if (seen.has(id)) continue;
            seen.add(id);
            pending.push(...next(id));
          }
          return seen;
        };
        const roots = ids.filter((id) => MEMBER_HOME_ROOTS.some((root) => root.test(id)));
        if (roots.length !== MEMBER_HOME_ROOTS.length) throw new Error('member home chunk: a route component was not found');
        const elsewhere = closure(
          ids.filter((id) => this.getModuleInfo(id)?.isEntry),
          (id) => {
            const info = this.getModuleInfo(id);
            return [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])].filter((imported) => !MEMBER_AREA.test(imported));
          },
        );
        const entry = closure(
          ids.filter((id) => this.getModuleInfo(id)?.isEntry),
          (id) => this.getModuleInfo(id)?.importedIds ?? [],
        );
        own.clear();
        shared.clear();
        for (const id of closure(roots, (id) => this.getModuleInfo(id)?.importedIds ?? [])) {
          if (entry.has(id) || VENDOR.test(id)) continue;
          (elsewhere.has(id) ? shared : own).add(id);
        }
      },
    },
    own: (id) => own.has(id),
    shared: (id) => shared.has(id),
  };
}
const memberHome = memberHomeChunks();

/**
 * crypto-js (the deposit modal's link encryption, its own chunk) looks for
 * Node's crypto with `typeof require`, which makes rolldown add a `require`
 * shim to the runtime chunk every page loads, /login too (+0.2 KB gzip). In
 * the browser that test is always false: say so, and the shim stays out.
 */
function cryptoJsWithoutRequire(): Plugin {
  return {
    name: 'crypto-js-without-require',
    transform(code, id) {
      if (!/[\\/]crypto-js[\\/]core\.js$/.test(id)) return null;
      const browserCode = code.replace("typeof require === 'function'", 'false');
      if (browserCode === code) throw new Error('crypto-js/core.js changed: check cryptoJsWithoutRequire()');
      return { code: browserCode, map: null };
    },
  };
}

/**
 * `npm run dev` serves the SPA itself and hands every path the server answers
 * to the server (`npm run serve`, port 3000): the API (/api, payment
 * webhooks under /api/hooks included), the reference provider's game pages,
 * their assets and calls (/games), and the signed slip images (/files).
 * The Host header is kept as the browser sent it (changeOrigin off): the
 * server builds game entry links from it and refuses a game login whose
 * Origin is not its own host (src/server/games/origin.ts).
 */
const SERVER = 'http://localhost:3000';
const PUBLIC_DIR = fileURLToPath(new URL('public', import.meta.url));

/** Whether a request path names a file of public/ (Vite serves those itself). */
function isPublicFile(url: string | undefined): boolean {
  const pathname = (url ?? '').split('?')[0] ?? '';
  try {
    return statSync(path.join(PUBLIC_DIR, decodeURIComponent(pathname))).isFile();
  } catch {
    return false;
  }
}

const toServer: ProxyOptions = { target: SERVER, changeOrigin: false };
const SERVER_PATHS: Record<string, ProxyOptions> = {
  '/api': toServer,
  // The games' artwork (public/games/*-logo.svg, *-bg.svg) is the SPA's own
  // file under the same prefix: Vite serves it, the server everything else.
  '/games': { ...toServer, bypass: (request) => (isPublicFile(request.url) ? request.url : undefined) },
  '/files': toServer,
};

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
    preloadDefaultCatalogue(),
    precompress(),
    cryptoJsWithoutRequire(),
    memberHome.plugin,
    // Icons, manifests and the service worker (docs/decisions/0142-installable-app-and-its-worker.md).
    ...installableApp(DEFAULT_LOCALE),
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
          groups: [
            { name: 'vendor', test: (id) => VENDOR.test(id) || id === PRELOAD_HELPER },
            // Their modules' imports are the entry's, the vendor chunk's or their own: nothing to pull in.
            { name: 'member-home', test: memberHome.own, includeDependenciesRecursively: false },
            // With the API client's ofetch, which the entry loads on its first call: the home's first
            // reads would otherwise wait one more round trip for it.
            { name: 'member-shared', test: (id) => memberHome.shared(id) || API_FETCH.test(id), includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: SERVER_PATHS,
  },
});
