/**
 * The member app's install and offline pieces, made by `vite build`
 * (docs/decisions/0142-installable-app-and-its-worker.md):
 *
 * - the icons, drawn from public/favicon.svg (the brand mark) by sharp:
 *   192 and 512 px as they are, and maskable ones on a full square of the
 *   accent with the mark inside the safe zone;
 * - one web app manifest per language (manifest-th|la|en.webmanifest): the
 *   server sends one of them as /manifest.webmanifest, with the operator's
 *   product name written in (src/server/plugins/app-manifest.ts);
 * - the service worker (sw.js, Workbox through vite-plugin-pwa): the app
 *   shell and the files the member app can load, never an API answer, a
 *   socket or a member's file.
 *
 * The colours are the design tokens' (src/styles/tokens.css, light theme):
 * the accent for the theme, the page background for the splash screen.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { MANIFEST_PATH, manifestFile, shortName } from '../../src/contract/app-manifest.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

type Language = 'th' | 'la' | 'en';

/** The fallback product name (docs/decisions/0004-product-name-from-the-server.md); the server writes the operator's. */
export const FALLBACK_PRODUCT_NAME = 'Mekong Wallet';

/**
 * Per language: the BCP 47 tag (Lao is `lo`) and the line a store or the
 * install dialog shows under the name. The name is the brand, the same in
 * every language, as the app's top bar shows it.
 */
export const MANIFEST_TEXTS: Record<Language, { lang: string; description: string }> = {
  th: { lang: 'th', description: 'กระเป๋าเงินและเครดิตเกมของคุณ' },
  la: { lang: 'lo', description: 'ກະເປົາເງິນ ແລະ ເຄຣດິດເກມຂອງທ່ານ' },
  en: { lang: 'en', description: 'Your wallet and game credit' },
};

/** The member's first page when they open the installed app. */
const START_URL = '/user/home';

/** The light theme's value of a custom property in tokens.css (the first `:root` block). */
export function tokenColour(css: string, property: string): string {
  const match = new RegExp(`${property}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`).exec(css);
  if (!match) throw new Error(`tokens.css has no ${property} colour`);
  return match[1]!;
}

/** The mark inside the central 80% circle a maskable icon's mask keeps, on a full square of the accent. */
export function maskableSvg(logo: string, background: string): string {
  const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(logo);
  if (!viewBox) throw new Error('the logo has no "0 0 w h" viewBox');
  const size = Number(viewBox[1]);
  const inner = logo.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  // The mark is a circle filling its box; 0.8 of it fits the safe zone (radius 0.4 of the icon) with a margin.
  const scale = 0.8;
  const offset = (size * (1 - scale)) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}"><rect width="${size}" height="${size}" fill="${background}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${inner}</g></svg>`;
}

interface Icon {
  src: string;
  sizes: string;
  type: 'image/png';
  purpose: 'any' | 'maskable';
}

const ICON_SIZES = [192, 512] as const;

/** The manifest of one language, with the fallback product name (the server writes the operator's). */
export function manifestFor(language: Language, icons: readonly Icon[], colours: { theme: string; background: string }) {
  return {
    id: '/',
    name: FALLBACK_PRODUCT_NAME,
    short_name: shortName(FALLBACK_PRODUCT_NAME),
    description: MANIFEST_TEXTS[language].description,
    lang: MANIFEST_TEXTS[language].lang,
    dir: 'ltr',
    start_url: START_URL,
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: colours.theme,
    background_color: colours.background,
    icons,
  };
}

/**
 * Paths the worker answers navigations to with the precached app shell: the
 * member app's routes (src/routes). Everything else goes to the network as
 * if there were no worker: /api, /files (slips, chat media), /games (the
 * reference provider's pages), /socket.io, and /ops, whose console an
 * operator always gets from the server, as deployed.
 */
export const SHELL_ROUTES: readonly RegExp[] = [/^\/($|\?)/, /^\/(login|register|contact|howto|terminated)\/?($|\?)/, /^\/user($|[/?])/];

/** Where a chunk's code comes from: the console's route and features, and catalogues by name and language. */
const CONSOLE_MODULE = /\/src\/(routes\/ops|features\/ops)\//;
const CATALOGUE_MODULE = /\/locales\/(th|la|en)\/([a-z]+)\.po$/;

/**
 * The chunks the member app can load: from the entry, through static and
 * lazy imports, except into the console (its route's chunk and what only it
 * reaches) and into other languages' catalogues than the build's default
 * (a member who chose one keeps it through the runtime cache of /assets).
 */
export function memberChunks(bundle: OutputBundle, defaultLanguage: Language): Set<string> {
  const chunks = new Map(
    Object.values(bundle)
      .filter((output): output is OutputChunk => output.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const excluded = (chunk: OutputChunk) => {
    const facade = chunk.facadeModuleId?.replaceAll('\\', '/') ?? '';
    if (CONSOLE_MODULE.test(facade)) return true;
    const catalogue = CATALOGUE_MODULE.exec(facade);
    return catalogue !== null && (catalogue[1] !== defaultLanguage || catalogue[2] === 'ops');
  };
  const files = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    const meta = (chunk as OutputChunk & { viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> } }).viteMetadata;
    for (const file of [...(meta?.importedCss ?? []), ...(meta?.importedAssets ?? [])]) files.add(file);
    for (const fileName of chunk.imports) visit(chunks.get(fileName)!);
    for (const fileName of chunk.dynamicImports) {
      const target = chunks.get(fileName);
      if (target && !excluded(target)) visit(target);
    }
  };
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk);
  return files;
}

/** The files of the output folder the worker precaches besides the member chunks: the page, fonts, icons, the favicon. */
const ALWAYS_PRECACHED = /^(index\.html|favicon\.svg|assets\/.+\.woff2|assets\/icon-.+\.png)$/;

/** The icons, the manifests, and (with `precached`) which chunks the worker takes. */
function appAssets(defaultLanguage: Language, precached: Set<string>): Plugin {
  let appleIcon: string | undefined;
  return {
    name: 'wallet:app-assets',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const logo = readFileSync(path.join(ROOT, 'public/favicon.svg'), 'utf8');
      const tokens = readFileSync(path.join(ROOT, 'src/styles/tokens.css'), 'utf8');
      const colours = { theme: tokenColour(tokens, '--accent'), background: tokenColour(tokens, '--bg') };
      const sources = { any: logo, maskable: maskableSvg(logo, colours.theme) };
      const icons: Icon[] = [];
      for (const purpose of ['any', 'maskable'] as const) {
        for (const size of ICON_SIZES) {
          const png = await sharp(Buffer.from(sources[purpose]), { density: (72 * size) / 32 })
            .resize(size, size)
            .png({ compressionLevel: 9 })
            .toBuffer();
          const name = purpose === 'any' ? `icon-${size}.png` : `icon-maskable-${size}.png`;
          const reference = this.emitFile({ type: 'asset', name, source: png });
          icons.push({ src: `/${this.getFileName(reference)}`, sizes: `${size}x${size}`, type: 'image/png', purpose });
        }
      }
      for (const language of Object.keys(MANIFEST_TEXTS) as Language[]) {
        this.emitFile({
          type: 'asset',
          fileName: manifestFile(language),
          source: `${JSON.stringify(manifestFor(language, icons, colours), null, 2)}\n`,
        });
      }
      precached.clear();
      for (const file of memberChunks(bundle as unknown as OutputBundle, defaultLanguage)) precached.add(file);
      appleIcon = icons.find((icon) => icon.purpose === 'maskable' && icon.sizes === '192x192')!.src;
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        return [
          // With the member's cookies: the server picks the manifest of their language (the `locale` cookie).
          { tag: 'link', attrs: { rel: 'manifest', href: MANIFEST_PATH, crossorigin: 'use-credentials' }, injectTo: 'head' },
          // iOS ignores the manifest's icons: the opaque (maskable) one, as it draws no transparency.
          ...(appleIcon ? [{ tag: 'link', attrs: { rel: 'apple-touch-icon', href: appleIcon }, injectTo: 'head' as const }] : []),
        ];
      },
    },
  };
}

/** The app's icons, manifests and service worker, for vite.config.ts's plugins. */
export function installableApp(defaultLanguage: Language): Plugin[] {
  const precached = new Set<string>();
  return [
    appAssets(defaultLanguage, precached),
    ...VitePWA({
      strategies: 'generateSW',
      filename: 'sw.js',
      // The app registers the worker itself, lazily, from the member area (src/features/app-update).
      injectRegister: false,
      // A new version waits until the member taps "Reload": no skipWaiting, no clientsClaim.
      registerType: 'prompt',
      // The manifests are ours (above); the server sends them.
      manifest: false,
      includeManifestIcons: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,woff2,svg,png}'],
        globIgnores: ['sw.js', 'workbox-*.js'],
        manifestTransforms: [
          (entries) => ({
            manifest: entries.filter((entry) => ALWAYS_PRECACHED.test(entry.url) || precached.has(entry.url)),
            warnings: [],
          }),
        ],
        // Hashed names: the worker need not add a revision to the address.
        dontCacheBustURLsMatching: /^assets\//,
        navigateFallback: '/index.html',
        navigateFallbackAllowlist: [...SHELL_ROUTES],
        // Code the member has loaded that is not precached (another language's catalogue): kept, since a
        // hashed file never changes; nothing else is cached at run time.
        runtimeCaching: [
          {
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'assets', expiration: { maxEntries: 100, maxAgeSeconds: 30 * 24 * 60 * 60 } },
          },
        ],
        cleanupOutdatedCaches: true,
        clientsClaim: false,
        skipWaiting: false,
        inlineWorkboxRuntime: true,
        sourcemap: false,
      },
    }),
  ];
}
