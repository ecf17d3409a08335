/**
 * The request id every log line of a request carries and its answer echoes
 * in `X-Request-Id` (docs/decisions/0148-operating-it.md). Behind a proxy
 * named in TRUST_PROXY, the proxy's own `X-Request-Id` is used when it is
 * well formed (REQUEST_ID_PATTERN: bounded length, no spaces or quotes), so
 * the proxy's access log and ours name a request alike; a client's own
 * header (no trusted proxy in between) or a malformed one is ignored and a
 * UUID made here: a client could otherwise pose as another's request in the
 * logs.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.ts';
import { REQUEST_ID_PATTERN } from '../policy.ts';
import { proxyTrust } from '../trusted-proxy.ts';

export function requestIds(trustProxy: Config['trustProxy']): (request: IncomingMessage) => string {
  const fromProxy = proxyTrust(trustProxy);
  return (request) => {
    const given = request.headers['x-request-id'];
    const address = request.socket?.remoteAddress;
    if (fromProxy && typeof given === 'string' && REQUEST_ID_PATTERN.test(given) && address !== undefined && fromProxy(address, 0)) return given;
    return randomUUID();
  };
}
