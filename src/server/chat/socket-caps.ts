/**
 * How many chat sockets may be live at once: per credential (one guest id,
 * one member login session), per operator across their sessions, and per
 * client address (an IPv6 /64 is one client, as for the HTTP limits). A
 * guest id costs nothing to use again, so without a cap one token could
 * hold thousands of sockets, each fed every broadcast of its room.
 *
 * The counts live in this process. With REDIS_URL each process counts its
 * own sockets, so a holder may have up to the caps on each process: the
 * balancer spreads a flood, and a cap per process still bounds what any
 * one process must carry. A shared count would need its own bookkeeping in
 * Redis (and cleaning up after a process that died) for little more.
 *
 * Agents are not counted per address: the staff of one office share an
 * address, and their own cap already bounds each operator.
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { Config } from '../config.ts';
import { clientOf } from '../limits/limits.ts';
import { proxyTrust } from '../trusted-proxy.ts';
import type { SocketIdentity } from './socket-identity.ts';

export interface SocketCaps {
  /** Live sockets of one guest id, or of one member login session. */
  perCredential: number;
  /** Live sockets of one operator, all their sessions together. */
  perOperator: number;
  /** Live sockets of one client address; null: not counted (LIMITS_PER_IP=off). */
  perAddress: number | null;
}

export interface SocketCounter {
  /**
   * Takes a place in each of the socket's counts: the function that gives
   * them back (only the first call does; later ones do nothing), or null,
   * taking nothing, when one of the counts is full.
   */
  take(who: SocketIdentity, address: string): (() => void) | null;
}

/** The counts a socket takes a place in, each with its cap. */
function placesOf(who: SocketIdentity, address: string, caps: SocketCaps): [key: string, cap: number][] {
  if (who.kind === 'agent') return [[`operator:${who.operatorId}`, caps.perOperator]];
  const own: [string, number] = who.kind === 'member' ? [`member:${who.sessionId}`, caps.perCredential] : [`guest:${who.guestId}`, caps.perCredential];
  return caps.perAddress === null ? [own] : [own, [`address:${clientOf(address)}`, caps.perAddress]];
}

export function socketCounter(caps: SocketCaps): SocketCounter {
  const live = new Map<string, number>();
  return {
    take(who, address) {
      const places = placesOf(who, address, caps);
      if (places.some(([key, cap]) => (live.get(key) ?? 0) >= cap)) return null;
      for (const [key] of places) live.set(key, (live.get(key) ?? 0) + 1);
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        for (const [key] of places) {
          const left = (live.get(key) ?? 0) - 1;
          if (left > 0) live.set(key, left);
          else live.delete(key);
        }
      };
    },
  };
}

/**
 * The client's address as Fastify's request.ip gives it for the same
 * TRUST_PROXY, so a socket is counted under the address the HTTP limits
 * count: the connection's own address, or with a list of proxies the
 * X-Forwarded-For hop before the first one that is not a trusted proxy.
 * TRUST_PROXY names the proxies' addresses (config.ts refuses hop counts).
 */
export function clientAddress(request: IncomingMessage, trustProxy: Config['trustProxy']): string {
  const own = request.socket.remoteAddress ?? '';
  const trust = proxyTrust(trustProxy);
  return trust ? proxyAddr(request, trust) : own;
}
