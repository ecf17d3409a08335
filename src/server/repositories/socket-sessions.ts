/**
 * Which of the sessions behind a process's chat sockets still hold
 * (chat/realtime.ts sweeps every few seconds): a member's session revoked or
 * expired, a member no longer active, an operator disabled, reset or moved
 * to a role without the inbox, a guest closed. A revocation made where no
 * hub can tell the sockets (the ops:* commands run in a process of their
 * own) reaches them this way. One round trip for every socket of the
 * process, whatever their number.
 */
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { OperatorRole } from '../../contract/api.ts';
import type { Db } from '../db/client.ts';
import { chatGuests, operatorSessions, operators, sessions, users } from '../db/schema.ts';
import { activeMemberOf } from './users.ts';

export interface SocketSessions {
  members: readonly number[];
  operators: readonly number[];
  guests: readonly string[];
}

export interface LiveSocketSessions {
  members: Set<number>;
  operators: Set<number>;
  guests: Set<string>;
}

/** The member session ids, operator session ids (of an operator in `agentRoles`) and guest ids that are still live. */
export async function liveSocketSessions(db: Db, among: SocketSessions, now: Date, agentRoles: readonly OperatorRole[]): Promise<LiveSocketSessions> {
  const live: LiveSocketSessions = { members: new Set(), operators: new Set(), guests: new Set() };
  if (among.members.length + among.operators.length + among.guests.length === 0) return live;
  // A literal, not a parameter: the union needs each part's column types.
  const kind = (name: 'member' | 'operator' | 'guest') => sql<string>`${sql.raw(`'${name}'`)}::text`.as('kind');
  // An empty list compares as false (drizzle), so each part may be empty.
  const members = db
    .select({ kind: kind('member'), id: sql<string>`${sessions.id}::text`.as('id') })
    .from(sessions)
    .innerJoin(users, activeMemberOf(sessions.userId))
    .where(and(inArray(sessions.id, [...among.members]), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  const agents = db
    .select({ kind: kind('operator'), id: sql<string>`${operatorSessions.id}::text`.as('id') })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        inArray(operatorSessions.id, [...among.operators]),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, now),
        isNull(operators.disabledAt),
        inArray(operators.role, [...agentRoles]),
      ),
    );
  const guests = db
    .select({ kind: kind('guest'), id: sql<string>`${chatGuests.id}`.as('id') })
    .from(chatGuests)
    .where(and(inArray(chatGuests.id, [...among.guests]), isNull(chatGuests.closedAt)));
  for (const row of await unionAll(members, agents, guests)) {
    if (row.kind === 'member') live.members.add(Number(row.id));
    else if (row.kind === 'operator') live.operators.add(Number(row.id));
    else live.guests.add(row.id);
  }
  return live;
}
