/**
 * What the HTTP server holds open (docs/decisions/0144-connections-and-chat-storage.md).
 * Every connection is an open file of the process; past its soft limit of
 * open files every accept() and open() fails, so one address holding
 * thousands of idle connections would cut everyone else off (logins, the
 * providers' webhooks, the pages). Three bounds:
 *
 * - the server's connections at once (Node's server.maxConnections, which
 *   drops a connection past it at once): MAX_CONNECTIONS, or the soft limit
 *   of open files less FILES_KEPT_FREE for the database, Redis and files;
 * - one client address's connections at once, counted as they are
 *   accepted, before any byte is read (CONNECTIONS_PER_IP). Behind
 *   TRUST_PROXY every client comes from the proxy's address, which is not
 *   counted here (it would cut every client off at once): the proxy limits
 *   its clients (README), and the chat counts its sockets by the forwarded
 *   address (chat/socket-admission.ts);
 * - timeouts (serverTimeouts): a connection that sends no request, trickles
 *   its headers, or idles between requests is closed within seconds.
 */
import { readFileSync } from 'node:fs';
import type { Server, ServerOptions } from 'node:http';
import type { Config } from './config.ts';
import { clientOf } from './limits/limits.ts';
import {
  DEFAULT_MAX_CONNECTIONS,
  FILES_KEPT_FREE,
  HTTP_HEADERS_TIMEOUT_MS,
  HTTP_IDLE_TIMEOUT_MS,
  HTTP_KEEP_ALIVE_TIMEOUT_MS,
  HTTP_REQUEST_TIMEOUT_MS,
  HTTP_TIMEOUTS_CHECK_MS,
  MIN_MAX_CONNECTIONS,
} from './policy.ts';
import { proxyTrust } from './trusted-proxy.ts';

/**
 * The process's soft limit of open files (RLIMIT_NOFILE), from Linux's
 * /proc/self/limits; null where that cannot be read (another system) or
 * the limit is unlimited. Node has no call of its own for it.
 */
export function openFileLimit(readLimits: () => string = () => readFileSync('/proc/self/limits', 'utf8')): number | null {
  let text: string;
  try {
    text = readLimits();
  } catch {
    return null;
  }
  const soft = /^Max open files\s+(\S+)/m.exec(text)?.[1];
  return soft !== undefined && /^\d+$/.test(soft) ? Number(soft) : null;
}

/** The most connections the server holds at once: the configured number, else what the file limit leaves. */
export function connectionCap(configured: number | null, fileLimit: number | null): number {
  if (configured !== null) return configured;
  if (fileLimit === null) return DEFAULT_MAX_CONNECTIONS;
  return Math.max(MIN_MAX_CONNECTIONS, fileLimit - FILES_KEPT_FREE);
}

/** Places counted per key, each key up to `cap`. */
export interface PlaceCounter {
  /** Takes a place under `key`: the function that gives it back (once; later calls do nothing), or null when the key's places are all taken. */
  take(key: string): (() => void) | null;
  /** Places taken under `key` now. */
  held(key: string): number;
}

export function placeCounter(cap: number): PlaceCounter {
  const live = new Map<string, number>();
  return {
    take(key) {
      const now = live.get(key) ?? 0;
      if (now >= cap) return null;
      live.set(key, now + 1);
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        const left = (live.get(key) ?? 0) - 1;
        if (left > 0) live.set(key, left);
        else live.delete(key);
      };
    },
    held: (key) => live.get(key) ?? 0,
  };
}

/**
 * The timeouts of the HTTP server, in the form Fastify takes them
 * (connectionTimeout is the socket's idle timeout; `http` goes to
 * http.createServer, the only place Node takes its checking interval).
 */
export function serverTimeouts() {
  return {
    connectionTimeout: HTTP_IDLE_TIMEOUT_MS,
    keepAliveTimeout: HTTP_KEEP_ALIVE_TIMEOUT_MS,
    requestTimeout: HTTP_REQUEST_TIMEOUT_MS,
    http: { headersTimeout: HTTP_HEADERS_TIMEOUT_MS, connectionsCheckingInterval: HTTP_TIMEOUTS_CHECK_MS } satisfies ServerOptions,
  };
}

export interface ConnectionLimits {
  /** The server's cap (its maxConnections). */
  max: number;
  /** Connections of `address` counted now (tests; 0 for a trusted proxy's). */
  held(address: string): number;
}

/** Caps the server's connections, in all and per client address (see above). */
export function limitConnections(server: Server, config: Pick<Config, 'maxConnections' | 'connectionsPerAddress' | 'trustProxy' | 'limits'>): ConnectionLimits {
  const max = connectionCap(config.maxConnections, openFileLimit());
  server.maxConnections = max;
  const perAddress = placeCounter(config.connectionsPerAddress);
  const isProxy = proxyTrust(config.trustProxy) ?? (() => false);
  if (config.limits.perIp !== null) {
    server.on('connection', (socket) => {
      const address = socket.remoteAddress;
      if (address === undefined || isProxy(address, 0)) return;
      const release = perAddress.take(clientOf(address));
      // Before any byte is read: the client sees its connection reset.
      if (!release) return void socket.destroy();
      socket.once('close', release);
    });
  }
  return { max, held: (address) => perAddress.held(clientOf(address)) };
}
