/**
 * The chat's realtime side (spec 7 the realtime socket;
 * docs/decisions/0105-chat-realtime.md, scale-out included): socket.io on the API's own HTTP server, at
 * CHAT_SOCKET_PATH, websocket only. The handshake proves who connects
 * (socket-identity.ts), its holder may not have too many sockets already
 * (socket-caps.ts), a join is authorised (socket-rooms.ts), and the HTTP
 * side reaches the sockets through the ChatHub this returns. With
 * REDIS_URL the Redis adapter carries every broadcast, every session's end
 * and the agents' count to the other processes.
 *
 * Sessions end two ways: the hub's endSessions at once (logout, a password
 * change, a suspension), and a sweep every CHAT_SOCKET_SWEEP_MS that checks
 * the sessions of this process's sockets in one query, for what no hub saw
 * (the ops:* commands, expiry).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import { CHAT_SOCKET_PATH, SOCKET_JOIN, SOCKET_PRESENCE, SOCKET_REFUSED, SOCKET_TYPING } from '../../contract/chat.ts';
import type { ChatHub } from './hub.ts';
import {
  CHAT_SOCKET_AGENT_ROOMS_MAX,
  CHAT_SOCKET_CONNECT_TIMEOUT_MS,
  CHAT_SOCKET_EVENT_BUDGET,
  CHAT_SOCKET_MAX_BYTES,
  CHAT_SOCKET_PING_TIMEOUT_MS,
  CHAT_SOCKET_SWEEP_MS,
  CHAT_SOCKETS_PER_ADDRESS,
  CHAT_SOCKETS_PER_CREDENTIAL,
  CHAT_SOCKETS_PER_OPERATOR,
} from '../policy.ts';
import { liveSocketSessions } from '../repositories/socket-sessions.ts';
import { readGuestToken } from './guest-token.ts';
import { agentPresence, type ChatServer, type InterServerEvents } from './presence.ts';
import { socketAdmission } from './socket-admission.ts';
import { eventBudget } from './socket-budget.ts';
import { clientAddress, socketCounter } from './socket-caps.ts';
import { AGENT_ROLES, identify, type SocketIdentity } from './socket-identity.ts';
import { isOwnOrigin } from './socket-origin.ts';
import { AGENTS_ROOM, isConversationRoom, mayJoin, memberRoom, sessionRoom } from './socket-rooms.ts';

type ChatSocket = Socket<Record<string, (...args: unknown[]) => void>, Record<string, (...args: unknown[]) => void>, InterServerEvents, SocketIdentity>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The socket server behind chatHub (its sweep, for tests; its io, for the benchmark's figures). */
    chatSockets: Realtime;
  }
}

export interface Realtime {
  hub: ChatHub;
  io: ChatServer;
  /** Checks every socket's session now (the timer's work; tests call it). */
  sweep(): Promise<void>;
  /** Closes every socket's connection (its client reconnects) and lets go of Redis; the HTTP server is Fastify's to close. */
  close(): Promise<void>;
}

/** The ack a client passed as the last argument, if any. */
function ackOf(args: readonly unknown[]): ((answer: unknown) => void) | null {
  const last = args.at(-1);
  return typeof last === 'function' ? (last as (answer: unknown) => void) : null;
}

/** ioredis, with broadcasts that cannot crash the process: the adapter does not wait for its PUBLISHes. */
function redisClients(url: string, onError: (error: unknown) => void): { pub: Redis; sub: Redis } {
  const pub = new Redis(url, { maxRetriesPerRequest: 2 });
  const sub = pub.duplicate();
  pub.on('error', onError);
  sub.on('error', onError);
  const publish = pub.publish.bind(pub) as (channel: string, message: string | Buffer) => Promise<number>;
  pub.publish = ((channel: string, message: string | Buffer) => publish(channel, message).catch(onError)) as typeof pub.publish;
  return { pub, sub };
}

export function attachRealtime(app: FastifyInstance): Realtime {
  const { config, db, clock, log } = app;
  const prefix = config.chatPrefix;
  // Connections before their handshake (socket-admission.ts), within the HTTP server's cap (limitConnections, called first).
  const admission = socketAdmission(app.connections.max, config);
  const io: ChatServer = new Server(app.server, {
    path: CHAT_SOCKET_PATH,
    // The SPA and the inbox use websocket only; no polling means no sticky sessions behind a balancer.
    transports: ['websocket'],
    serveClient: false,
    maxHttpBufferSize: CHAT_SOCKET_MAX_BYTES,
    connectTimeout: CHAT_SOCKET_CONNECT_TIMEOUT_MS,
    pingTimeout: CHAT_SOCKET_PING_TIMEOUT_MS,
    // Admission last: a connection refused for another reason takes no place.
    allowRequest: (request, answer) =>
      answer(null, config.serviceStatus === 'active' && isOwnOrigin(request, config.trustProxy !== false) && admission.admit(request)),
  });

  // An upgrade asked anywhere but the sockets' path is answered at once: left to socket.io it
  // would wait a second unanswered, and a proxy would count the process as failed.
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex) => {
    if (!(request.url ?? '').startsWith(`${CHAT_SOCKET_PATH}/`)) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });

  const redis = config.redisUrl ? redisClients(config.redisUrl, (error) => log.warn({ err: error }, 'chat: Redis')) : null;
  // The channel names the room prefix: two deployments sharing one Redis keep their rooms apart.
  if (redis) io.adapter(createAdapter(redis.pub, redis.sub, { key: `socket.io#${prefix}` }));
  const presence = agentPresence(io, redis !== null);
  const counter = socketCounter({
    perCredential: CHAT_SOCKETS_PER_CREDENTIAL,
    perOperator: CHAT_SOCKETS_PER_OPERATOR,
    perAddress: config.limits.perIp === null ? null : CHAT_SOCKETS_PER_ADDRESS,
  });
  let closed = false;

  const recountAgents = () => {
    if (closed) return;
    presence.recount().catch((error: unknown) => log.warn({ err: error }, 'chat: counting agents failed'));
  };

  /** Tells the socket why, then closes it (the client sees 'io server disconnect' and does not reconnect on its own). */
  function refuse(socket: ChatSocket, message: string) {
    socket.emit(SOCKET_REFUSED, { message });
    socket.disconnect(true);
  }

  function endLocalSessions(kind: 'member' | 'operator', sessionIds: readonly number[]) {
    for (const id of sessionIds) {
      if (!Number.isSafeInteger(id)) continue;
      const room = io.local.in(sessionRoom(kind, id));
      room.emit(SOCKET_REFUSED, { message: 'invalid-token' });
      room.disconnectSockets(true);
    }
  }

  io.use((socket, next) => {
    identify({ db, clock, config }, socket.handshake.auth).then(
      (who) => {
        if (typeof who === 'string') return next(new Error(who));
        // The client left while its credential was checked: socket.io drops the socket (no one
        // hears this refusal), and a place taken now would never be given back.
        if (socket.conn.readyState !== 'open') return next(new Error('connection closed'));
        const release = counter.take(who, clientAddress(socket.request, config.trustProxy));
        if (!release) return next(new Error('REQUEST_LIMIT'));
        // The place is given back once: when the socket disconnects, or when its connection
        // closes before the socket connected (socket.io then emits nothing on the socket).
        const giveBack = () => {
          socket.conn.off('close', giveBack);
          release();
        };
        socket.once('disconnect', giveBack);
        socket.conn.once('close', giveBack);
        socket.data = who;
        next();
      },
      (error: unknown) => {
        log.error({ err: error }, 'chat: socket handshake failed');
        next(new Error('SERVER_ERROR'));
      },
    );
  });

  io.on('connection', (socket) => {
    admission.handshaken(socket.request);
    const who = socket.data;
    if (who.kind === 'member') void socket.join([sessionRoom('member', who.sessionId), memberRoom(who.userId)]);
    if (who.kind === 'agent') {
      void socket.join([sessionRoom('operator', who.sessionId), AGENTS_ROOM]);
      recountAgents();
      socket.on('disconnect', recountAgents);
    }
    socket.emit(SOCKET_PRESENCE, { agents: presence.current() });

    // Floods are dropped before any handler runs; an ack still gets its answer, so a client never hangs.
    const spend = eventBudget(clock, CHAT_SOCKET_EVENT_BUDGET);
    socket.use((packet, next) => {
      if (spend()) return next();
      ackOf(packet)?.({ ok: false, message: 'REQUEST_LIMIT' });
    });

    // An agent's conversation rooms, oldest first: past the cap, the oldest is left.
    const joined: string[] = [];
    socket.on(SOCKET_JOIN, (...args: unknown[]) => {
      const [room] = args;
      const ack = ackOf(args.slice(1));
      if (!mayJoin(prefix, who, room)) {
        socket.emit(SOCKET_REFUSED, { message: 'UNAUTHORIZED' });
        ack?.({ ok: false, message: 'UNAUTHORIZED' });
        return;
      }
      if (who.kind === 'agent' && !socket.rooms.has(room)) {
        joined.push(room);
        if (joined.length > CHAT_SOCKET_AGENT_ROOMS_MAX) void socket.leave(joined.shift()!);
      }
      void socket.join(room);
      ack?.({ ok: true });
    });

    socket.on(SOCKET_TYPING, (event: unknown) => {
      if (typeof event !== 'object' || event === null) return;
      const { room, typing } = event as Record<string, unknown>;
      if (typeof room !== 'string' || typeof typing !== 'boolean' || !socket.rooms.has(room) || !isConversationRoom(prefix, room)) return;
      if (who.kind === 'agent') socket.to(room).emit(SOCKET_TYPING, { room, typing, sender: 'agent' });
      else socket.to(room).to(AGENTS_ROOM).emit(SOCKET_TYPING, { room, typing, sender: 'customer' });
    });
  });

  // What other processes tell this one (Redis adapter only).
  io.on('end-sessions', (kind, sessionIds) => {
    if ((kind === 'member' || kind === 'operator') && Array.isArray(sessionIds)) endLocalSessions(kind, sessionIds);
  });
  io.on('presence', (agents) => presence.heard(agents));

  let sweeping: Promise<void> | null = null;
  async function sweepOnce(): Promise<void> {
    const sockets = [...io.of('/').sockets.values()];
    const now = clock();
    const members: number[] = [];
    const operators: number[] = [];
    const guests: string[] = [];
    for (const { data } of sockets) {
      if (data.kind === 'member') members.push(data.sessionId);
      else if (data.kind === 'agent') operators.push(data.sessionId);
      else guests.push(data.guestId);
    }
    const live = await liveSocketSessions(db, { members, operators, guests }, now, AGENT_ROLES);
    for (const socket of sockets) {
      const { data } = socket;
      if (data.kind === 'member' && !live.members.has(data.sessionId)) refuse(socket, 'invalid-token');
      else if (data.kind === 'agent' && !live.operators.has(data.sessionId)) refuse(socket, 'invalid-token');
      else if (data.kind === 'guest' && (!live.guests.has(data.guestId) || readGuestToken(config.chatGuestSecret, data.guestToken, now) === null)) {
        refuse(socket, 'CHAT_GUEST_INVALID');
      }
    }
    // Agents who went away with their process (or a count that raced another) settle here.
    if (sockets.length > 0 || presence.current() > 0) await presence.recount();
  }
  const sweep = () => {
    sweeping ??= sweepOnce().finally(() => {
      sweeping = null;
    });
    return sweeping;
  };
  const timer = setInterval(() => {
    sweep().catch((error: unknown) => log.warn({ err: error }, 'chat: checking sockets’ sessions failed'));
  }, CHAT_SOCKET_SWEEP_MS).unref();

  const hub: ChatHub = {
    agentsOnline() {
      // Presence is counted a moment after an agent joins; the room knows this process's agents at once.
      return !closed && (presence.current() > 0 || (io.of('/').adapter.rooms.get(AGENTS_ROOM)?.size ?? 0) > 0);
    },
    toRoom(room, event, payload) {
      if (!closed) io.to(room).emit(event, payload);
    },
    toMember(userId, event, payload) {
      if (!closed) io.to(memberRoom(userId)).emit(event, payload);
    },
    toAgents(event, payload) {
      if (!closed) io.to(AGENTS_ROOM).emit(event, payload);
    },
    endSessions(kind, sessionIds) {
      if (closed || sessionIds.length === 0) return;
      endLocalSessions(kind, sessionIds);
      if (redis) io.serverSideEmit('end-sessions', kind, [...sessionIds]);
    },
  };

  return {
    hub,
    io,
    sweep,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      // The connections close under the sockets, with no socket.io disconnect packet: clients see
      // 'transport close' and reconnect (spec 7: 500 ms, no end), to another process when this one is stopping.
      io.engine.close();
      await sweeping?.catch(() => undefined);
      await io.of('/').adapter.close();
      if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
    },
  };
}
