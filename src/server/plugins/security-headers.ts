/**
 * Headers for every answer (helmet's). The SPA is built by vite into
 * files, so the CSP allows no inline script; inline styles are allowed
 * because UI libraries set style attributes. API answers are never stored
 * by a cache (noStoreApiAnswers).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiPath, pathOf } from './api-paths.ts';

const HEADERS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      mediaSrc: ["'self'"],
      // The member app's service worker (/sw.js) and manifest (docs/decisions/0142-installable-app-and-its-worker.md),
      // said outright rather than left to default-src.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/**
 * Helmet's middleware, built once: the Fastify wrapper built it again for
 * every request, a twelfth of the server's CPU per chat message
 * (docs/performance.md bench:chat).
 */
const setHeaders = helmet(HEADERS);

/** The headers on one answer that no hook reaches (Fastify's refusal of a malformed URL: errors.ts frameworkErrors). */
export function addSecurityHeaders(reply: FastifyReply): void {
  setHeaders(reply.request.raw, reply.raw, () => {});
}

/**
 * Sets the headers on every answer when the request arrives, so refusals and errors carry them too.
 * `imageSources` adds where pictures may come from: an aggregator's game art is on its own servers
 * (games/hub88/sync.ts keeps only https addresses, or the local fake's).
 */
export function securityHeaders(app: FastifyInstance, imageSources: readonly string[] = []): void {
  const set = imageSources.length === 0 ? setHeaders : helmet(withImageSources(imageSources));
  app.addHook('onRequest', (request, reply, done) => set(request.raw, reply.raw, (error) => done(error as Error | undefined)));
}

function withImageSources(sources: readonly string[]): HelmetOptions {
  const csp = HEADERS.contentSecurityPolicy as { useDefaults: boolean; directives: Record<string, string[]> };
  return { ...HEADERS, contentSecurityPolicy: { ...csp, directives: { ...csp.directives, imgSrc: [...(csp.directives.imgSrc ?? []), ...sources] } } };
}

/**
 * Every /api answer says `Cache-Control: no-store`: it carries a member's
 * balances, statement and tokens, which no browser cache (a shared phone's
 * back button) or proxy may keep. Set when the request arrives, so
 * refusals, 404s and errors carry it too.
 */
export function noStoreApiAnswers(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (isApiPath(pathOf(request.url))) reply.header('cache-control', 'no-store');
  });
}
