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
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.ts';
import { getSetting } from '../repositories/settings.ts';

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

/** The build's compressed copies: sent in place of their file, never addressed themselves. */
const COMPRESSED_COPY = /\.(br|gz)$/;

function cacheControlFor(distDir: string, filePath: string): string {
  const relative = path.relative(distDir, filePath).replace(COMPRESSED_COPY, '');
  if (relative === 'index.html') return 'no-cache';
  if (relative.startsWith(`assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

export async function spa(app: FastifyInstance, distDir: string): Promise<void> {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    app.setNotFoundHandler(async (request, reply) => reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT));
    return;
  }

  await app.register(fastifyStatic, {
    root: distDir,
    // One route per file found at start, so no wildcard route competes with /api.
    wildcard: false,
    // The page is written per request (below), so neither it nor its copies are served as files.
    index: false,
    globIgnore: ['**/*.br', '**/*.gz', 'index.html'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(distDir, filePath));
    },
  });

  const template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new ApiError(404, 'NO_DATA');
    const { name } = await getSetting(app.db, 'info');
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(appPage(template, name));
  });
}
