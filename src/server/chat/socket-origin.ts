/**
 * A browser's chat socket must come from a page of this server (docs/decisions/
 * 0105-chat-realtime.md: the Origin is checked): the handshake's Origin names the host the browser
 * reached, the Host header (or, behind TRUST_PROXY, the proxy's
 * X-Forwarded-Host). Another site's page is refused before any socket
 * exists. No Origin at all is a script or a native client, not a page a
 * member was lured to: its token decides, as on the HTTP API. The scheme is
 * not compared: behind a TLS proxy the server itself sees http.
 *
 * A forged X-Forwarded-Host cannot open this door: a page cannot set that
 * header on a WebSocket, and anything that can set headers can set Origin.
 */
import type { IncomingMessage } from 'node:http';

function first(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(',')[0]?.trim();
}

/** `host` as a browser writes it for `protocol` (lower case, no default port); null when it is no host. */
function normalHost(protocol: string, host: string): string | null {
  try {
    return new URL(`${protocol}//${host}`).host;
  } catch {
    return null;
  }
}

export function isOwnOrigin(request: IncomingMessage, trustProxy: boolean): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  let given: URL;
  try {
    given = new URL(origin);
  } catch {
    return false;
  }
  if (given.protocol !== 'http:' && given.protocol !== 'https:') return false;
  const own = [request.headers.host, trustProxy ? first(request.headers['x-forwarded-host']) : undefined];
  return own.some((host) => host !== undefined && host !== '' && normalHost(given.protocol, host) === given.host);
}
