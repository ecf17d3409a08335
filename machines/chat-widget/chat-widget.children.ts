/**
 * The widget's children wired to tell it what happened (XState's sendParent
 * in the named actions each child leaves to its parent, as the agent inbox's
 * children do), with their I/O when the view gives it
 * (chat-widget.actors.ts); and the connection's state read from its snapshot.
 */
import { assertEvent, sendParent, type ParameterizedObject, type SnapshotFrom } from 'xstate';
import { chatConnectionMachine } from '../chat-connection/chat-connection.machine.ts';
import type { ChatConnectionContext, ChatConnectionEvent } from '../chat-connection/chat-connection.types.ts';
import { chatHistoryMachine } from '../chat-history/chat-history.machine.ts';
import type { ChatHistoryContext, ChatHistoryEvent } from '../chat-history/chat-history.types.ts';
import type { ChatWidgetEvent, ConnectionNow, ConnectionStatus } from './chat-widget.types.ts';

type ConnectionIo = NonNullable<Parameters<typeof chatConnectionMachine.provide>[0]>;

export function chatConnectionFor(io: Pick<ConnectionIo, 'actors'> & { actions?: { endSession: () => void; forgetGuest: () => void } } = {}) {
  const tell = (toEvent: (event: ChatConnectionEvent) => ChatWidgetEvent) =>
    sendParent<ChatConnectionContext, ChatConnectionEvent, ParameterizedObject['params'], ChatWidgetEvent, ChatConnectionEvent>(({ event }) => toEvent(event));
  return chatConnectionMachine.provide({
    ...(io.actors ? { actors: io.actors } : {}),
    actions: {
      ...io.actions,
      passMessage: tell((event) => {
        assertEvent(event, 'socket.message');
        return { type: 'connection.message', message: event.message };
      }),
      passTypingOfOthers: tell((event) => {
        assertEvent(event, 'socket.typing');
        return { type: 'connection.typing', typing: event.typing, sender: event.sender };
      }),
      passPresence: tell((event) => {
        assertEvent(event, 'socket.presence');
        return { type: 'connection.presence', agents: event.agents };
      }),
      passSessionEnded: tell((event) => {
        assertEvent(event, 'socket.ended');
        return { type: 'connection.sessionEnded', sessionId: event.sessionId };
      }),
    },
  });
}

export function chatHistoryFor(io: NonNullable<Parameters<typeof chatHistoryMachine.provide>[0]>['actors'] = {}) {
  return chatHistoryMachine.provide({
    actors: io,
    actions: {
      tellEnded: sendParent<ChatHistoryContext, ChatHistoryEvent, { message: string }, ChatWidgetEvent, ChatHistoryEvent>((_, { message }) => ({
        type: 'conversation.ended',
        message,
      })),
    },
  });
}

/**
 * The connection's state, from its snapshot's tags (chat-connection.types.ts),
 * with its guest id and failure; null for a snapshot without tags (a
 * stand-in child, as the model tests' fakes are).
 */
export function connectionNow(snapshot: Partial<Pick<SnapshotFrom<typeof chatConnectionMachine>, 'hasTag' | 'context'>>): ConnectionNow | null {
  if (typeof snapshot.hasTag !== 'function' || !snapshot.context) return null;
  const tagged = STATUSES.find((status) => snapshot.hasTag!(status));
  return { status: tagged ?? 'starting', guestId: snapshot.context.guestId, failure: snapshot.context.failure };
}

const STATUSES: ConnectionStatus[] = ['starting', 'connecting', 'ready', 'reconnecting', 'cannotStart'];
