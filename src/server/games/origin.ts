/**
 * Where a request came from, for the requests that start a game session.
 * A session starts in whichever browser sends the entry, so a page on
 * another site must not be able to send one: it could log the member into
 * an account it chose (login CSRF) and have them play, and pay in, there.
 *
 * Browsers say where a request comes from in `Sec-Fetch-Site` (every
 * request) and `Origin` (every POST; cross-origin requests). Old browsers
 * and scripts send neither; the callers decide those by what they carry.
 */
import type { FastifyRequest } from 'fastify';

/**
 * This server's origin as the browser reached it: protocol and Host. Behind
 * a TLS proxy these are what Fastify's trusted-proxy setting makes them, so
 * entry links and the check below both follow that one setting.
 */
export function serverOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Origins compared as browsers write them (`http://localhost:80` is `http://localhost`); `null` and garbage match nothing. */
function isSameOrigin(given: string, own: string): boolean {
  try {
    return new URL(given).origin === new URL(own).origin;
  } catch {
    return false;
  }
}

/**
 * `same-origin`: a page of this server; `none`: the member opened it (an
 * app, a bookmark, the address bar). Anything else, `same-site` included
 * (a sibling subdomain is another origin), came from another page.
 */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/** Whether the browser says another site's page sent this request. */
export function isFromAnotherSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && !OWN_FETCH_SITES.has(String(site))) return true;
  const origin = request.headers.origin;
  return origin !== undefined && !isSameOrigin(origin, serverOrigin(request));
}

/** Whether the request carries this server's own Origin (and nothing says otherwise): a form of ours posted it. */
export function isFromOwnPage(request: FastifyRequest): boolean {
  return request.headers.origin !== undefined && !isFromAnotherSite(request);
}
