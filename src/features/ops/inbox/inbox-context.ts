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
