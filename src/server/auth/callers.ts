/**
 * Who calls a route once authenticated (plugins/authentication.ts sets
 * `request.caller`): a member, an operator, or a chat guest. The types sit
 * here, beneath both the authentication hook and the chat, because the hook
 * asks the chat who a guest token names (chat/guests.ts) and the chat's
 * functions take these callers.
 */
import type { OperatorRole } from '../../contract/api.ts';

export interface MemberCaller {
  kind: 'member';
  userId: number;
  sessionId: number;
}

export interface OperatorCaller {
  kind: 'operator';
  operatorId: number;
  role: OperatorRole;
  sessionId: number;
}

/** A chat guest (access 'chat' only): the id its signed token names. */
export interface GuestCaller {
  kind: 'guest';
  guestId: string;
}

export type ChatCaller = MemberCaller | GuestCaller;

export type Caller = MemberCaller | OperatorCaller;
