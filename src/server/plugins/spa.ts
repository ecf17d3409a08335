/**
 * Serves the built SPA from distDir: real files as they are (vite's hashed
 * assets cached for a year, index.html never without revalidation), and
 * index.html for any other GET outside /api, since the SPA routes in history
 * mode and draws its own 404 page. Text files go out brotli- or
 * gzip-compressed when the browser accepts it, from the `.br` / `.gz` copies
 * the build writes beside them (vite.config.ts): no compression work per request.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.ts';

const NOT_BUILT = 'The web app is not built yet: run `npm run build`, then start the server again.\n';

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
    globIgnore: ['**/*.br', '**/*.gz'],
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', cacheControlFor(distDir, filePath));
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') throw new ApiError(404, 'NO_DATA');
    return reply.sendFile('index.html');
  });
}
