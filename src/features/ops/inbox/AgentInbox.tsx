/**
 * The agent inbox (issue 14 part 2), a component that brings nothing of its
 * own shell: it takes the API client that carries the operator's token and
 * a socket factory, so that the /ops/chat page and a later operator console
 * can each put it inside theirs. It runs machines/agent-inbox with I/O
 * built from the client, and feeds it the socket's events.
 *
 * Phones show the list or one conversation; wide screens both side by side.
 */
import { useEffect, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { agentInboxActors } from '../../../../machines/agent-inbox/agent-inbox.actors.ts';
import { agentInboxMachine } from '../../../../machines/agent-inbox/agent-inbox.machine.ts';
import type { ApiClient } from '../../../api/client.ts';
import { ConversationView } from './ConversationView.tsx';
import { InboxContext } from './inbox-context.ts';
import type { InboxSocket, InboxSocketFactory } from './inbox-socket.ts';
import { InboxList } from './InboxList.tsx';
import { NoConversation } from './NoConversation.tsx';
import './inbox.css';

export interface AgentInboxProps {
  /** An API client whose token is the operator's (roles support or admin). */
  api: ApiClient;
  connectSocket: InboxSocketFactory;
  /** Whether the agent may change canned replies; null when unknown (the inbox learns it from a refusal). */
  canEditCanned?: boolean | null;
  /** The socket was refused for good ('invalid-token': the session ended; 'UNAUTHORIZED': not an agent). */
  onRefused?: (message: string) => void;
}

export function AgentInbox({ api, connectSocket, canEditCanned = null, onRefused }: AgentInboxProps) {
  const socket = useRef<InboxSocket | null>(null);
  const inbox = useActorRef(
    agentInboxMachine.provide({
      actors: agentInboxActors(api),
      actions: {
        joinRoom: (_, { room }) => socket.current?.join(room),
        sendTyping: (_, { room, typing }) => socket.current?.typing(room, typing),
        // Background reads (spec 7: failed reads are only logged).
        logFailure: (_, { message }) => console.warn(`agent inbox: a background read failed (${message})`),
      },
    }),
    { input: { canEditCanned } },
  );
  const refused = useRef(onRefused);
  refused.current = onRefused;

  useEffect(() => {
    const opened = connectSocket({
      onStatus: (connected) => inbox.send({ type: 'socket.status', connected }),
      onInbox: (event) => inbox.send({ type: 'socket.inbox', event }),
      onMessaging: (message) => inbox.send({ type: 'socket.messaging', message }),
      onTyping: (event) => inbox.send({ type: 'socket.typing', event }),
      onRead: (event) => inbox.send({ type: 'socket.read', event }),
      onPresence: (agents) => inbox.send({ type: 'socket.presence', agents }),
      onRefused: (message) => refused.current?.(message),
    });
    socket.current = opened;
    return () => {
      socket.current = null;
      opened.close();
    };
  }, [connectSocket, inbox]);

  const pane = useSelector(inbox, (snapshot) => (snapshot.context.selectedId === null ? 'list' : 'conversation'));

  return (
    <InboxContext.Provider value={inbox}>
      <div className="inbox" data-pane={pane}>
        <section className="inbox__list">
          <InboxList />
        </section>
        <section className="inbox__conversation">{pane === 'conversation' ? <ConversationView /> : <NoConversation />}</section>
      </div>
    </InboxContext.Provider>
  );
}
