/**
 * Which websocket connections the chat takes at all, before any handshake
 * (docs/decisions/0144-connections-and-chat-storage.md): socket-caps.ts
 * counts a socket once its handshake proved who it is, but the connection
 * exists from the upgrade on, and one that never sends a handshake held
 * its open file for nothing until socket.io's connect timeout. Here, at
 * engine.io's allowRequest:
 *
 * - all the chat's connections at once, handshake or not, up to a share of
 *   the server's cap (CHAT_SOCKETS_SHARE_OF_CONNECTIONS): the rest stays
 *   for HTTP;
 * - one client address's connections still waiting for their handshake
 *   (CHAT_HANDSHAKES_PER_ADDRESS; off with LIMITS_PER_IP=off). The address
 *   is the one the HTTP limits count (socket-caps.ts clientAddress), so
 *   behind TRUST_PROXY it is the forwarded client's, not the proxy's.
 *
 * A place is given back when the connection closes; the handshake's place
 * also once the handshake is done (the socket's own caps count it then).
 * A refused upgrade is answered 403 by engine.io; the client tries again
 * later, as after any failed connection.
 */
import type { IncomingMessage } from 'node:http';
import type { Config } from '../config.ts';
import { placeCounter } from '../connections.ts';
import { clientOf } from '../limits/limits.ts';
import { CHAT_HANDSHAKES_PER_ADDRESS, CHAT_SOCKETS_SHARE_OF_CONNECTIONS } from '../policy.ts';
import { clientAddress } from './socket-caps.ts';

export interface SocketAdmission {
  /** Takes the connection's places (true), or none when a count is full (false). */
  admit(request: IncomingMessage): boolean;
  /** The connection's handshake is done: its handshake place is given back. */
  handshaken(request: IncomingMessage): void;
}

/** The chat's connections at most, for a server that holds `serverCap` connections. */
export function chatConnectionCap(serverCap: number): number {
  return Math.max(1, Math.floor(serverCap * CHAT_SOCKETS_SHARE_OF_CONNECTIONS));
}

export function socketAdmission(serverCap: number, config: Pick<Config, 'trustProxy' | 'limits'>): SocketAdmission {
  const all = placeCounter(chatConnectionCap(serverCap));
  const handshakes = config.limits.perIp === null ? null : placeCounter(CHAT_HANDSHAKES_PER_ADDRESS);
  const waiting = new WeakMap<IncomingMessage, () => void>();
  return {
    admit(request) {
      // Gone already: no 'close' would ever give its places back.
      if (request.socket.destroyed) return false;
      const connection = all.take('all');
      if (!connection) return false;
      const handshake = handshakes ? handshakes.take(clientOf(clientAddress(request, config.trustProxy))) : () => {};
      if (!handshake) {
        connection();
        return false;
      }
      waiting.set(request, handshake);
      request.socket.once('close', () => {
        handshake();
        connection();
      });
      return true;
    },
    handshaken(request) {
      waiting.get(request)?.();
      waiting.delete(request);
    },
  };
}
