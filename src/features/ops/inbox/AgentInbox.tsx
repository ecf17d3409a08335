/**
 * The agent inbox, a component that brings nothing of its own shell: it
 * takes the API client that carries the operator's token and a socket
 * factory, so that the /ops/chat page and a later operator console can
 * each put it inside theirs. It runs machines/agent-inbox, whose children
 * (the list, the open conversation and its composer, the outbox, the canned
 * replies, the socket link) get their I/O from the client; each view below
 * draws one child.
 *
 * Phones show the list or one conversation; wide screens both side by side.
 */
import { useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { agentInboxActors } from '../../../../machines/agent-inbox/agent-inbox.actors.ts';
import { agentInboxMachine } from '../../../../machines/agent-inbox/agent-inbox.machine.ts';
import type { ApiClient } from '../../../api/client.ts';
import type { ChatSocketLogic } from '../../chat-shared/chat-socket.ts';
import { MessageText } from '../../errors/message-text.tsx';
import { ConversationView } from './ConversationView.tsx';
import { InboxContext } from './inbox-context.ts';
import { InboxList } from './InboxList.tsx';
import { InboxProblem } from './InboxProblem.tsx';
import { NoConversation } from './NoConversation.tsx';
import './inbox.css';

export interface AgentInboxProps {
  /** An API client whose token is the operator's (roles support or admin). */
  api: ApiClient;
  /** The socket actor under the inbox's socket link (chat-shared/chat-socket.ts builds one over socket.io-client). */
  connectSocket: ChatSocketLogic;
  /** Whether the agent may change canned replies; null when unknown (the inbox learns it from a refusal). */
  canEditCanned?: boolean | null;
  /** The socket was refused for good ('invalid-token': the session ended; 'UNAUTHORIZED': not an agent). */
  onRefused?: (message: string) => void;
}

export function AgentInbox({ api, connectSocket, canEditCanned = null, onRefused }: AgentInboxProps) {
  const refused = useRef(onRefused);
  refused.current = onRefused;
  const inbox = useActorRef(
    agentInboxMachine.provide({
      actors: agentInboxActors(api, connectSocket),
      actions: {
        refused: (_, { message }) => refused.current?.(message),
        // Background reads (spec 7: failed reads are only logged).
        logFailure: (_, { message }) => console.warn(`agent inbox: a background read failed (${message})`),
      },
    }),
    { input: { canEditCanned, origin: window.location.origin } },
  );

  const pane = useSelector(inbox, (snapshot) => (snapshot.context.selectedId === null ? 'list' : 'conversation'));
  const socketFailure = useSelector(inbox, (snapshot) => (snapshot.hasTag('socket:failed') ? snapshot.context.socketFailure : null));

  return (
    <InboxContext.Provider value={inbox}>
      {socketFailure !== null && (
        <InboxProblem className="inbox-list__problem" onRetry={() => inbox.send({ type: 'socket.retry' })}>
          {socketFailure === 'REQUEST_LIMIT' ? <Trans>The inbox is open in too many tabs. Close one and try again.</Trans> : <MessageText message={socketFailure} />}
        </InboxProblem>
      )}
      <div className="inbox" data-pane={pane}>
        <section className="inbox__list">
          <InboxList />
        </section>
        <section className="inbox__conversation">{pane === 'conversation' ? <ConversationView /> : <NoConversation />}</section>
      </div>
    </InboxContext.Provider>
  );
}
