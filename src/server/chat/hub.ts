/**
 * How the chat's HTTP side tells connected sockets: the realtime server
 * (realtime.ts) implements it over socket.io, so with REDIS_URL an event
 * reaches sockets on every process. buildApp always attaches it (an app
 * that never listens simply has no sockets); `quietHub` tells no one, for
 * domain code called outside an app (members/standing.ts's default).
 */
export interface ChatHub {
  /**
   * Whether an agent is connected to any process: the agents' copy of an
   * event, whoever wrote it, and its inbox line (a query) are built only
   * then (inbox.ts lineForAgents).
   */
  agentsOnline(): boolean;
  /** An event to everyone in a conversation's room `{PREFIX}-{userId or guestId}`. */
  toRoom(room: string, event: string, payload: unknown): void;
  /** An event to every socket of this member, whatever their session (the wallet's news, docs/decisions/0141-wallet-news.md). */
  toMember(userId: number, event: string, payload: unknown): void;
  /** An event to every connected agent (support and admin operators). */
  toAgents(event: string, payload: unknown): void;
  /** Disconnects every socket of these member sessions (logout, revocation, suspension). */
  endSessions(kind: 'member' | 'operator', sessionIds: readonly number[]): void;
}

export const quietHub: ChatHub = {
  agentsOnline: () => false,
  toRoom() {},
  toMember() {},
  toAgents() {},
  endSessions() {},
};

declare module 'fastify' {
  interface FastifyInstance {
    chatHub: ChatHub;
  }
}
