/** The inbox's actor, for the views inside it (each reads its own slices with useSelector). */
import { createContext, useContext } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { agentInboxMachine } from '../../../../machines/agent-inbox/agent-inbox.machine.ts';

export type InboxActor = ActorRefFrom<typeof agentInboxMachine>;

export const InboxContext = createContext<InboxActor | null>(null);

export function useInbox(): InboxActor {
  const inbox = useContext(InboxContext);
  if (!inbox) throw new Error('useInbox outside <AgentInbox>');
  return inbox;
}

/**
 * A new deliver id for what the agent sends (contract Deliver: 8-64 of
 * A-Z a-z 0-9 _ -): 128 random bits in hex. getRandomValues, not
 * randomUUID, which browsers offer only on https and localhost.
 */
export function newDeliverId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
