import type { ChatWidgetContext, ChatWidgetInput, ConnectionStatus } from '../../machines/chat-widget/chat-widget.types.ts';
import { chatWidgetModels } from './chat-widget.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey, type FlowModel } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

/** spec 4, written out independently: how long connecting may take before the panel says so. */
const NOTICE_MS = 1500;

type Call = { actor: string; input: unknown };
type Notice = 'quiet' | 'waiting' | 'slow' | 'reconnecting';

/** Where the connection notice goes when the connection's state changes. */
function noticeAfter(was: Notice, status: ConnectionStatus): Notice {
  if (status === 'reconnecting') return 'reconnecting';
  if (status !== 'connecting') return 'quiet';
  // Connecting anew starts the 1.5 s; still connecting keeps it.
  return was === 'waiting' || was === 'slow' ? was : 'waiting';
}

/** The region's atomic state, from a state key. */
const region = (key: string, name: string) => key.split(' + ').find((part) => part.startsWith(`${name}.`))!.slice(name.length + 1);

function check({ event, before, after, actions, calls, waited }: ReplayedStep, flow: FlowModel) {
  const input = flow.input as ChatWidgetInput;
  const previous = before?.context as ChatWidgetContext;
  const context = after.context as ChatWidgetContext;
  const now = stateKey(after);
  const was = before ? stateKey(before) : '';
  const unchanged = () => expect([now, context]).toEqual([was, previous]);
  let expectedCalls: Call[] = [];
  let expectedActions: unknown[] = [];
  /** The history of the conversation, for the member or the guest, online when joined. */
  const historyCall = (status: ConnectionStatus, guestId: string | null, visible: boolean): Call => ({
    actor: 'history',
    input: { writer: input.userId === null ? 'guest' : 'member', userId: input.userId, guestId: input.userId === null ? guestId : null, visible, online: status === 'ready' },
  });
  /** The connection's state changed: kept; the conversation shows while in the room (a new history when it starts), the notice follows. */
  const followed = (status: ConnectionStatus, guestId: string | null, failure: string | null) => {
    expect(context).toEqual({ ...previous, status, guestId, failure, agents: status === 'ready' ? previous.presence : null });
    const conversation = status === 'starting' ? 'waiting' : status === 'cannotStart' ? 'cannotStart' : 'open';
    expect(region(now, 'conversation')).toBe(conversation);
    expect(region(now, 'notice')).toBe(noticeAfter(region(was, 'notice') as Notice, status));
    if (conversation === 'open' && region(was, 'conversation') !== 'open') expectedCalls = [historyCall(status, guestId, previous.visible)];
  };

  switch (event.type) {
    case 'xstate.init':
      expect(now).toBe('connection.running + conversation.waiting + notice.quiet');
      expect(context).toEqual({ ...input, status: 'starting', guestId: null, failure: null, presence: null, agents: null });
      expectedCalls = [{ actor: 'connection', input: { userId: input.userId } }];
      break;
    case 'xstate.snapshot.connection': {
      // The connection's snapshot, read by its tags: in its room, connecting.
      const { guestId, failure } = (event.snapshot as { context: ChatWidgetContext }).context;
      followed('connecting', guestId, failure);
      break;
    }
    case 'connection.status':
      followed(event.status as ConnectionStatus, event.guestId as string | null, event.failure as string | null);
      break;
    case 'connection.presence':
      // Kept across drops; shown while joined.
      expect([now, context]).toEqual([was, { ...previous, presence: event.agents, agents: previous.status === 'ready' ? event.agents : null }]);
      break;
    case 'widget.visible':
      // Kept for the next history, and told to the one open (the unit test sees it).
      expect([now, context]).toEqual([was, { ...previous, visible: event.visible }]);
      break;
    case 'chat.typing':
    case 'chat.retry':
    case 'connection.message':
    case 'connection.sessionEnded':
    case 'connection.typing':
    case 'conversation.ended':
      // Passed on to the child it is for (the unit test sees where); nothing of the widget's own changes.
      return unchanged();
    case 'xstate.error.actor.connection':
      // A connection that broke (a bug): logged, and a new one starts; the conversation waits for it.
      expect(now).toBe('connection.running + conversation.waiting + notice.quiet');
      expect(context).toEqual({ ...previous, status: 'starting', guestId: null, failure: null, agents: null });
      expectedActions = [{ type: 'logFailure', params: { message: 'CHILD_BROKEN' } }];
      expectedCalls = [{ actor: 'connection', input: { userId: input.userId } }];
      break;
    case 'xstate.error.actor.history':
      // A history that broke (a bug): logged, and a new one starts for the same conversation.
      unchanged();
      expectedActions = [{ type: 'logFailure', params: { message: 'CHILD_BROKEN' } }];
      expectedCalls = [historyCall(previous.status, previous.guestId, previous.visible)];
      break;
    default:
      if (!/^xstate\.after\.notice\./.test(event.type)) throw new Error(`no check for ${event.type}`);
      // Connecting for 1.5 s, not a millisecond less: the panel says so.
      expect([waited, region(was, 'notice'), region(now, 'notice'), context]).toEqual([NOTICE_MS, 'waiting', 'slow', previous]);
  }
  expect(calls).toEqual(expectedCalls);
  expect(actions).toEqual(expectedActions);
}

describeModels('chat-widget', chatWidgetModels, {
  tags: new Proxy({} as Record<string, string[]>, {
    get: (_, key: string) =>
      [
        ...(key.includes('notice.slow') || key.includes('notice.reconnecting') ? ['connectionNotice'] : []),
        ...(key.includes('conversation.cannotStart') ? ['cannotStart'] : []),
        ...(key.includes('conversation.waiting') ? ['starting'] : []),
      ].sort(),
  }),
  check,
});
