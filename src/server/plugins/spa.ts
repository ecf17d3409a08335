/**
 * Serves the built SPA from distDir: real files as they are (vite's hashed
 * assets cached for a year), and the app's page for any other GET outside
 * /api, since the SPA routes in history mode and draws its own 404 page.
 * The page is index.html with the operator's product name (settings
 * info.name) written into it, never cached without revalidation: the top
 * bar reads it from there rather than from a call, which keeps that read
 * out of the login page's entry (docs/decisions/0013-login-budget-120-kb.md). Text files go out brotli- or
 * gzip-compressed when the browser accepts it, from the `.br` / `.gz` copies
 * the build writes beside them (vite.config.ts): no compression work per request.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MANIFEST_PATH, manifestFile, shortName } from '../../contract/app-manifest.ts';
import { NOTICE_IN_PAGE_ID } from '../../contract/notice-in-page.ts';
import { noticeAnswer } from '../answers/notice.ts';
import { cookieValue } from '../cookies.ts';
import { ApiError } from '../errors.ts';
import { defaultLanguage, pickLanguage, type Language } from '../language.ts';
import { getSetting, getSettings } from '../repositories/settings.ts';
import { withHomeShell } from './home-shell.ts';

const NOT_BUILT = 'The web app is not built yet: run `npm run build`, then start the server again.\n';

/** The product name's places in index.html: its meta tag, the title and the app shell's top bar. */
const NAME_PLACES = [/(<meta name="product-name" content=")[^"]*(")/, /(<title>)[^<]*(<\/title>)/, /(<span class="top-bar__brand-name">)[^<]*(<\/span>)/];

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** index.html with `name` in each of its places. */
export function appPage(template: string, name: string): string {
  return NAME_PLACES.reduce((page, place) => page.replace(place, (_, before: string, after: string) => `${before}${escapeHtml(name)}${after}`), template);
}

/**
 * The member pages' fonts, preloaded (docs/decisions/0147-the-member-home-paints-first.md):
 * the member area draws its first screen in the member's script at once, and
 * until that script's font has come the browser lays the text out with a
 * fallback it first searches the system for (150 ms of one layout on a slow
 * phone). The script's two weights (src/styles/fonts.css) of the member's
 * language: Thai, Lao, or none for English, whose Latin files come with the
 * app shell's text. Only under /user/: the public pages, /login first, keep
 * their bandwidth for their scripts.
 */
const SCRIPT_FONT_FILES: Record<Language, RegExp | null> = {
  th: /^noto-sans-thai-thai-(400|600)-normal-[\w-]+\.woff2$/,
  la: /^noto-sans-lao-lao-(400|600)-normal-[\w-]+\.woff2$/,
  en: null,
};
const MEMBER_PAGE = /^\/user(\/|\?|$)/;
/**
 * The Latin files (both weights), preloaded on the home's page when its shell draws the notice, whose
 * Latin letters (a name, figures) would otherwise wait for the stylesheet to ask for them, and the
 * notice is drawn only once its fonts are in (src/styles/home-frame.css, 0152).
 */
const LATIN_FONT_FILES = /^noto-sans-thai-latin-(400|600)-normal-[\w-]+\.woff2$/;

/** Per language, the preload links of its script's fonts found among the build's assets; and the Latin files' (`latin`). */
function fontPreloads(distDir: string): { script: Map<Language, string>; latin: string } {
  const assets = existsSync(path.join(distDir, 'assets')) ? readdirSync(path.join(distDir, 'assets')) : [];
  const links = (file: RegExp | null) =>
    (file ? assets.filter((name) => file.test(name)).sort() : []).map((name) => `<link rel="preload" href="/assets/${name}" as="font" type="font/woff2" crossorigin>`).join('');
  const script = new Map<Language, string>();
  for (const [language, file] of Object.entries(SCRIPT_FONT_FILES) as [Language, RegExp | null][]) script.set(language, links(file));
  return { script, latin: links(LATIN_FONT_FILES) };
}

/** The page with `html` added at the end of its head (a page without one is left as it is). */
function inHead(page: string, html: string): string {
  return html === '' ? page : page.replace('</head>', () => `${html}</head>`);
}

/**
 * The member home's page (docs/decisions/0147-the-member-home-paints-first.md,
 * 0152-the-home-page-comes-drawn.md): the notice is the home's largest text
 * and its read would start only once the home's scripts have run, so the
 * page brings the answer with it, and draws it in a shell of the home.
 */
const HOME_PAGE = /^\/user\/home\/?(\?|$)/;

/**
 * JSON to sit inside a script element: no `<` (no `</script>` or `<!--`
 * can end or change the element), `>` and `&` alike, and no U+2028/2029
 * (line ends to older JavaScript parsers). JSON.parse reads it back as it was.
 */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** GET /api/lookup/notice's answer in `language`, as the page's JSON block the home reads (src/contract/notice-in-page.ts). */
function noticeBlock(answer: ReturnType<typeof noticeAnswer>, language: Language): string {
  return `<script type="application/json" id="${NOTICE_IN_PAGE_ID}" data-language="${language}">${jsonForScript(answer)}</script>`;
}

/** The build's compressed copies: sent in place of their file, never addressed themselves. */
const COMPRESSED_COPY = /\.(br|gz)$/;

/**
 * The service worker: checked with the server on every update check, so a
 * deployment reaches installed apps at once (browsers cap a worker's HTTP
 * caching at a day, but any max-age delays the "new version" prompt).
 */
const SERVICE_WORKER = 'sw.js';

function cacheControlFor(distDir: string, filePath: string): string {
  const relative = path.relative(distDir, filePath).replace(COMPRESSED_COPY, '');
  if (relative === 'index.html' || relative === SERVICE_WORKER) return 'no-cache';
  if (relative.startsWith(`assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/** The metrics' label of the SPA's files. */
const SPA_FILE_ROUTE = 'spa-file';

export async function spa(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.setNotFoundHandler(async (request, reply) => reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT));
    return;
  }

  await app.register(async (files) => {
    // Each file is a route: all of them one series in the metrics (operating/http-metrics.ts), the manifest too.
    files.addHook('onRoute', (route) => {
      route.config = { ...route.config, metricsRoute: SPA_FILE_ROUTE };
    });
    await files.register(fastifyStatic, {
      root: distDir,
      // One route per file found at start, so no wildcard route competes with /api.
      wildcard: false,
      // The page is written per request (below), so neither it nor its copies are served as files.
      index: false,
      // The manifests go out at one address, through the route below.
      globIgnore: ['**/*.br', '**/*.gz', 'index.html', 'manifest-*.webmanifest'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(distDir, filePath));
      },
    });
    appManifest(files, distDir);
  });

  const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const fonts = fontPreloads(distDir);
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new ApiError(404, 'NO_DATA');
    const home = HOME_PAGE.test(request.url);
    // The home's notice in the same query as the product name.
    const { info, notice } = home ? await getSettings(app.db, 'info', 'notice') : { info: await getSetting(app.db, 'info'), notice: null };
    let page = appPage(template, info.name);
    if (MEMBER_PAGE.test(request.url)) {
      // The language the SPA will show: the one it remembered (its cookie), else the variant's (src/i18n/locale.ts).
      // The API answers in the language the SPA asks for (Accept-Language), which is this one; the home checks.
      const language = cookieLanguage(request.headers.cookie) ?? defaultLanguage(app.config.variant);
      const answer = notice ? noticeAnswer(notice, language) : null;
      const shell = home ? withHomeShell(page, answer?.notice ?? null, request.headers.cookie) : { page, drawsNotice: false };
      // The Latin files when the shell draws text in them.
      const preloads = (fonts.script.get(language) ?? '') + (shell.drawsNotice ? fonts.latin : '');
      page = inHead(shell.page, preloads + (answer ? noticeBlock(answer, language) : ''));
      reply.header('vary', 'Cookie');
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page);
  });
}

const LANGUAGES: readonly Language[] = ['th', 'la', 'en'];

/** The language the SPA remembers (its `locale` cookie, TH | LA | EN), or null. */
function cookieLanguage(cookie: string | undefined): Language | null {
  const value = cookieValue(cookie, 'locale')?.toLowerCase();
  return LANGUAGES.find((language) => language === value) ?? null;
}

/**
 * The web app manifest (docs/decisions/0142-installable-app-and-its-worker.md):
 * the build's file of the member's language (the SPA's `locale` cookie, which
 * the page's manifest link sends; else Accept-Language; else the variant's),
 * with the operator's product name, as index.html gets it. Revalidated on
 * every fetch, like the page.
 */
function appManifest(app: FastifyInstance, distDir: string): void {
  const files = new Map<Language, Record<string, unknown>>();
  for (const language of LANGUAGES) {
    const file = path.join(distDir, manifestFile(language));
    if (existsSync(file)) files.set(language, JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);
  }
  if (files.size === 0) return;
  app.get(MANIFEST_PATH, async (request, reply) => {
    const fallback = defaultLanguage(app.config.variant);
    const language = cookieLanguage(request.headers.cookie) ?? pickLanguage(request.headers['accept-language'], fallback);
    const manifest = files.get(language) ?? files.get(fallback) ?? [...files.values()][0]!;
    const { name } = await getSetting(app.db, 'info');
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie, Accept-Language')
      .type('application/manifest+json; charset=utf-8')
      .send(JSON.stringify({ ...manifest, name, short_name: shortName(name) }));
  });
}
