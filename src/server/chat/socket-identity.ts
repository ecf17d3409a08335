/**
 * Who is at the other end of a chat socket, decided once at the handshake
 * from socket.io's `auth` (docs/decisions 0104-0106): `{ token }` is a
 * member's bearer token (the same live-session check as the HTTP routes,
 * plugins/authentication.ts) or an operator's (an agent: the roles that may
 * use the inbox, as its endpoints say); `{ guestToken }` is the signed
 * guest token (chat/guests.ts). The sweep (realtime.ts) checks the same
 * sessions again while the socket lives.
 */
import { OPERATOR_ROLES } from '../../contract/api.ts';
import { endpoints } from '../../contract/endpoints.ts';
import { hashToken } from '../auth/tokens.ts';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { mayAct } from '../plugins/authentication.ts';
import { findLiveOperatorSession } from '../repositories/operators.ts';
import { findLiveSession } from '../repositories/sessions.ts';
import { guestFromToken } from './guests.ts';

export type SocketIdentity =
  | { kind: 'member'; userId: number; sessionId: number }
  | { kind: 'agent'; operatorId: number; sessionId: number }
  /** The token is kept: it expires by its own clock, which the sweep reads. */
  | { kind: 'guest'; guestId: string; guestToken: string };

/** Why a handshake is refused: the client's connect_error message. */
export type HandshakeRefusal = 'invalid-token' | 'CHAT_GUEST_INVALID' | 'UNAUTHORIZED';

/** The operator roles that answer chats: those the inbox's endpoints allow (admin holds every role's rights). */
export const AGENT_ROLES = OPERATOR_ROLES.filter((role) => mayAct(role, endpoints.opsChatInbox.roles));

/** Tokens are 43 characters of base64url; anything far longer is not looked up. */
const TOKEN = /^[\w-]{1,200}$/;
const GUEST_TOKEN_MAX_LENGTH = 200;

interface Deps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'chatGuestSecret'>;
}

function field(auth: unknown, name: string): unknown {
  return typeof auth === 'object' && auth !== null ? (auth as Record<string, unknown>)[name] : undefined;
}

/** The socket's identity, or why it is refused. A bearer token wins when both are given (a member is never a guest). */
export async function identify({ db, clock, config }: Deps, auth: unknown): Promise<SocketIdentity | HandshakeRefusal> {
  const token = field(auth, 'token');
  const now = clock();
  if (token !== undefined && token !== null && token !== '') {
    if (typeof token !== 'string' || !TOKEN.test(token)) return 'invalid-token';
    const tokenHash = hashToken(token);
    const member = await findLiveSession(db, tokenHash, now);
    if (member) return { kind: 'member', ...member.session };
    const operator = await findLiveOperatorSession(db, tokenHash, now);
    if (!operator) return 'invalid-token';
    if (!AGENT_ROLES.includes(operator.role)) return 'UNAUTHORIZED';
    return { kind: 'agent', operatorId: operator.operatorId, sessionId: operator.sessionId };
  }
  // No credential at all is answered as over HTTP (plugins/authentication.ts): the widget then starts a new guest.
  const guestToken = field(auth, 'guestToken');
  if (guestToken === undefined || guestToken === null || guestToken === '') return 'CHAT_GUEST_INVALID';
  if (typeof guestToken !== 'string' || guestToken.length > GUEST_TOKEN_MAX_LENGTH) return 'CHAT_GUEST_INVALID';
  const guest = await guestFromToken(config, db, guestToken, now);
  return guest ? { kind: 'guest', guestId: guest.guestId, guestToken } : 'CHAT_GUEST_INVALID';
}
