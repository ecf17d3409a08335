/**
 * The inbox's actor, for the views inside it, and its children (the list,
 * the open conversation, its composer, the outbox, the canned replies):
 * each view reads its own slices of the child it draws with useSelector and
 * sends it the agent's gestures.
 */
import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { agentInboxMachine } from '../../../../machines/agent-inbox/agent-inbox.machine.ts';

export type InboxActor = ActorRefFrom<typeof agentInboxMachine>;
type Children = SnapshotFrom<typeof agentInboxMachine>['children'];

export const InboxContext = createContext<InboxActor | null>(null);

export function useInbox(): InboxActor {
  const inbox = useContext(InboxContext);
  if (!inbox) throw new Error('useInbox outside <AgentInbox>');
  return inbox;
}

/** A child of the inbox by its id; undefined while it does not run (no conversation open, say). */
export function useInboxChild<K extends keyof Children>(id: K): Children[K] {
  return useSelector(useInbox(), (snapshot) => snapshot.children[id]);
}

/** A child that runs whenever the view that asks for it shows. */
export function useRunningChild<K extends keyof Children>(id: K): NonNullable<Children[K]> {
  const child = useInboxChild(id);
  if (!child) throw new Error(`the inbox's ${String(id)} is not running`);
  return child;
}
