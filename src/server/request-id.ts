/**
 * Each request's id: its log lines' reqId, answered in X-Request-Id. Our own
 * random one, unless the request came from a trusted proxy (TRUST_PROXY) that
 * set X-Request-Id of a plain shape (nginx's $request_id is 32 hex digits):
 * then the proxy's access log and ours name the request alike
 * (docs/decisions/0151-scale-out.md). A client's own header is never taken,
 * so no one outside can make their request look like another's in the logs.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

const PROXY_ID = /^[0-9A-Za-z-]{16,64}$/;

export function requestIds(trustProxy: false | string[]): (request: IncomingMessage) => string {
  if (trustProxy === false) return () => randomUUID();
  const isProxy = proxyAddr.compile(trustProxy);
  return (request) => {
    const given = request.headers['x-request-id'];
    const address = request.socket.remoteAddress;
    return typeof given === 'string' && PROXY_ID.test(given) && address !== undefined && isProxy(address, 0) ? given : randomUUID();
  };
}
