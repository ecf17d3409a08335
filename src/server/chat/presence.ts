/**
 * How many agents are online, across every process (docs/decisions/
 * 0105-chat-realtime.md: agents' presence is shared): the distinct operators among the sockets in the
 * agents' room, which the Redis adapter gathers from every process. A
 * process counts when one of its agents comes or goes and at each sweep,
 * tells every socket when the number changed, and tells the other processes
 * so their own number (sent to each new socket) is current.
 */
import type { Server } from 'socket.io';
import { SOCKET_PRESENCE } from '../../contract/chat.ts';
import { AGENTS_ROOM } from './socket-rooms.ts';
import type { SocketIdentity } from './socket-identity.ts';

/** Between processes (Redis adapter's serverSideEmit). */
export interface InterServerEvents {
  /** Another process counted this many agents. */
  presence: (agents: number) => void;
  /** Sessions ended: disconnect their sockets here too. */
  'end-sessions': (kind: 'member' | 'operator', sessionIds: number[]) => void;
}

// Client events are untrusted: their arguments are checked where they are handled.
type Events = Record<string, (...args: unknown[]) => void>;
export type ChatServer = Server<Events, Events, InterServerEvents, SocketIdentity>;

export interface Presence {
  /** The last number this process knows. */
  current(): number;
  /** Counts again (coalesced: a count asked for while one runs runs once more after it). */
  recount(): Promise<void>;
  /** Another process's count. */
  heard(agents: number): void;
}

export function agentPresence(io: ChatServer, shared: boolean): Presence {
  let agents = 0;
  let running: Promise<void> | null = null;
  let again = false;

  async function countOnce(): Promise<void> {
    const sockets = await io.in(AGENTS_ROOM).fetchSockets();
    const operators = new Set(sockets.flatMap((socket) => (socket.data.kind === 'agent' ? [socket.data.operatorId] : [])));
    if (operators.size === agents) return;
    agents = operators.size;
    io.emit(SOCKET_PRESENCE, { agents });
    if (shared) io.serverSideEmit('presence', agents);
  }

  return {
    current: () => agents,
    recount() {
      if (running) {
        again = true;
        return running;
      }
      running = (async () => {
        do {
          again = false;
          await countOnce();
        } while (again);
      })().finally(() => {
        running = null;
      });
      return running;
    },
    heard(count) {
      if (Number.isSafeInteger(count) && count >= 0) agents = count;
    },
  };
}
