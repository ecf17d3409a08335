/**
 * The chat widget, the parent, as test models. Its children have their own
 * models (chat-connection, chat-history); here they are fakes, and what
 * they tell is offered as events: the connection's state as it changes
 * (starting, connecting, joined, reconnecting, 'Cannot start chatting',
 * again after a retry), the room's presence, messages and typing, the
 * history's ended conversation; the view's visibility and the customer's
 * typing. Two flows: a member, and a guest with the panel closed. What the
 * widget passes on to its children is tests/unit/chat-widget.test.ts's
 * (with the real ones).
 */
import type { AnyEventObject } from 'xstate';
import { chatConnectionMachine } from '../../machines/chat-connection/chat-connection.machine.ts';
import { chatWidgetMachine } from '../../machines/chat-widget/chat-widget.machine.ts';
import type { ChatWidgetContext, ChatWidgetInput, ConnectionStatus } from '../../machines/chat-widget/chat-widget.types.ts';
import { message } from './chat-history.model.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type ChatWidget = typeof chatWidgetMachine;
type Snapshot = Parameters<FlowModel<ChatWidget>['events']>[0];

export const MEMBER_INPUT: ChatWidgetInput = { userId: '1001', visible: true };
export const GUEST_INPUT: ChatWidgetInput = { userId: null, visible: false };
export const GUEST_ID = 'g-7d1c2b';
export const FAILURE = 'CHAT_CLOSED';

/** Where the connection may go from each of its states (chat-connection's model has the why). */
const NEXT: Record<ConnectionStatus, ConnectionStatus[]> = {
  starting: ['connecting', 'cannotStart'],
  connecting: ['ready', 'reconnecting', 'cannotStart'],
  ready: ['reconnecting', 'cannotStart'],
  reconnecting: ['connecting', 'cannotStart'],
  cannotStart: ['starting'],
};

/** The connection's state as the widget hears it: a guest has its id once past starting (kept after), a refusal its failure. */
function statusEvent(context: ChatWidgetContext, status: ConnectionStatus) {
  const guestId = context.userId === null && status !== 'starting' ? GUEST_ID : context.guestId;
  return { type: 'connection.status' as const, status, guestId, failure: status === 'cannotStart' ? FAILURE : null };
}

/**
 * The connection's first snapshot in its room (a real one of its machine):
 * the widget raises it as connection.status. Offered at the start only; the
 * connection.status events stand for the rest.
 */
export const firstSnapshotEvent = (context: ChatWidgetContext) => ({
  type: 'xstate.snapshot.connection',
  snapshot: chatConnectionMachine.resolveState({
    value: { live: 'connecting' },
    context: {
      userId: context.userId,
      guestId: context.userId === null ? GUEST_ID : null,
      guestToken: context.userId === null ? `${GUEST_ID}.1767000000.sig` : null,
      prefix: 'wallet',
      room: `wallet-${context.userId ?? GUEST_ID}`,
      failure: null,
      joined: false,
    },
  }),
});

const open = (snapshot: Snapshot) => snapshot.matches({ conversation: 'open' });
const ready = (snapshot: Snapshot) => open(snapshot) && snapshot.context.status === 'ready';

const offered = offerAll<ChatWidget>({
  // Where it goes next; and, while it connects or reconnects, the same state told again (nothing restarts).
  'connection.status': ({ context }) => [
    ...NEXT[context.status].map((status) => statusEvent(context, status)),
    ...(context.status === 'connecting' || context.status === 'reconnecting' ? [statusEvent(context, context.status)] : []),
  ],
  'chat.retry': (snapshot) => (snapshot.matches({ conversation: 'cannotStart' }) ? [{ type: 'chat.retry' }] : []),
  // Told once: the panel's visibility flips (then it is part of the state).
  'widget.visible': ({ context }) => [{ type: 'widget.visible', visible: !context.visible }],
  'connection.presence': (snapshot) => (snapshot.context.presence === null && snapshot.context.status !== 'starting' ? [{ type: 'connection.presence', agents: 2 }] : []),
  // What is only passed on: offered in the room, joined (the unit test sees where each goes).
  'chat.typing': (snapshot) => (ready(snapshot) ? [{ type: 'chat.typing', typing: true }] : []),
  'connection.message': (snapshot) => (ready(snapshot) ? [{ type: 'connection.message', message: message(1) }] : []),
  'connection.sessionEnded': (snapshot) => (ready(snapshot) ? [{ type: 'connection.sessionEnded', sessionId: 'session-2' }] : []),
  'connection.typing': (snapshot) => (ready(snapshot) ? [{ type: 'connection.typing', typing: true, sender: 'agent' }] : []),
  'conversation.ended': (snapshot) => (ready(snapshot) ? [{ type: 'conversation.ended', message: FAILURE }] : []),
} satisfies EventFixtures<ChatWidget>);

const abstraction = ({ context }: { context: ChatWidgetContext }) => ({
  status: context.status,
  visible: context.visible,
  presence: context.presence !== null,
});

/** The children never end here (their own models end them); either may break (a bug). */
const replies = { connection: [], history: [] };

/** The fixtures, and the connection's first snapshot while the widget has heard nothing of it yet. */
function withFirstSnapshot(snapshot: Snapshot) {
  const fresh = snapshot.context.status === 'starting' && snapshot.context.guestId === null && snapshot.context.presence === null;
  const first = fresh ? [firstSnapshotEvent(snapshot.context) as AnyEventObject as ReturnType<typeof offered>[number]] : [];
  return [...offered(snapshot), ...first];
}

export const chatWidgetModels: FlowModel<ChatWidget>[] = [
  { name: 'a member', machine: chatWidgetMachine, input: MEMBER_INPUT, events: withFirstSnapshot, replies, abstraction },
  { name: 'a guest, the panel closed', machine: chatWidgetMachine, input: GUEST_INPUT, events: withFirstSnapshot, replies, abstraction },
];
