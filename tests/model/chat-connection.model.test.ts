import type { ChatConnectionContext, ChatConnectionInput, ConfigAnswer, GuestAnswer } from '../../machines/chat-connection/chat-connection.types.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';
import { stateKey, type FlowModel } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { chatConnectionModels, GUEST, MEMBER_ID, PREFIX } from './chat-connection.model.ts';

/** spec 4, written out independently: a join unanswered is asked again after 5 s. */
const CHECK_MS = 5000;

function check({ event, before, after, actions, calls, emitted, waited }: ReplayedStep, flow: FlowModel) {
  const { userId } = flow.input as ChatConnectionInput;
  const was = before ? stateKey(before) : '';
  const now = stateKey(after);
  const previous = before?.context as ChatConnectionContext;
  const context = after.context as ChatConnectionContext;
  const unchanged = () => expect([now, context]).toEqual([was, previous]);
  const isLive = was.startsWith('live.');
  let expectedCalls: unknown[] = [];
  let expectedEmitted: unknown[] = [];
  let expectedActions: unknown[] = [];

  /** Left the room it was in: the history is told. */
  const lostIfReady = () => (was === 'live.ready' ? [{ type: 'chat.lost' }] : []);
  /**
   * 'Cannot start chatting' for this reason; a socket that was there is gone.
   * A member's revoked session is told to the session; a guest the server
   * no longer takes is a new guest on retry; anything else is retried as is.
   */
  const cannotStart = (failure: string) => {
    const why =
      userId !== null && failure === 'invalid-token' ? 'sessionEnded' : userId === null && ['CHAT_GUEST_INVALID', 'CHAT_CLOSED'].includes(failure) ? 'guestEnded' : 'refused';
    expect([now, context]).toEqual([`cannotStart.${why}`, { ...previous, failure }]);
    expect(Object.keys(after.children)).toEqual([]);
    if (why === 'sessionEnded') expectedActions = [{ type: 'endSession' }];
  };
  /** The socket link starts with the guest's credential (a member's is read at each handshake), and the room is `{PREFIX}-{id}`. */
  const socketStarts = (guest: typeof GUEST | null) => {
    const room = `${PREFIX}-${userId ?? guest?.guestId}`;
    expect([now, context.room, context.guestId, context.guestToken]).toEqual(['live.connecting', room, guest?.guestId ?? null, guest?.guestToken ?? null]);
    // Every refused handshake is 'Cannot start chatting' with its reason, never a reconnect loop.
    expectedCalls = [{ actor: 'socketLink', input: { guestToken: guest?.guestToken ?? null, everyRefusalEnds: true } }];
  };

  switch (event.type) {
    case 'xstate.init':
      expect([now, context]).toEqual(['starting.config', { userId, guestId: null, guestToken: null, prefix: null, room: null, failure: null, joined: false }]);
      expectedCalls = [{ actor: 'loadConfig', input: undefined }];
      break;
    case 'xstate.done.actor.loadConfig': {
      const answer = event.output as ConfigAnswer;
      if (!answer.ok) return cannotStart(answer.message);
      expect(context.prefix).toBe(PREFIX);
      if (userId === null) {
        // spec 1: a guest is given a guest id first.
        expect(now).toBe('starting.guest');
        expectedCalls = [{ actor: 'ensureGuest', input: undefined }];
      } else socketStarts(null);
      break;
    }
    case 'xstate.done.actor.ensureGuest': {
      const answer = event.output as GuestAnswer;
      if (!answer.ok) return cannotStart(answer.message);
      socketStarts(GUEST);
      break;
    }
    case 'xstate.error.actor.loadConfig':
    case 'xstate.error.actor.ensureGuest':
    case 'xstate.error.actor.socketLink':
      cannotStart('NETWORK_ERROR');
      expectedEmitted = lostIfReady();
      break;
    case 'chat.retry':
      if (!was.startsWith('cannotStart.')) return unchanged();
      // From the start: the config, the guest id, a new socket; the room joined before makes the next ready a resumed one.
      expect([now, context]).toEqual(['starting.config', { ...previous, failure: null, prefix: null, room: null }]);
      expectedCalls = [{ actor: 'loadConfig', input: undefined }];
      // A guest the server no longer takes is forgotten: the server issues a new one.
      if (was === 'cannotStart.guestEnded') expectedActions = [{ type: 'forgetGuest' }];
      break;
    case 'chat.ended':
      // The server ended the conversation (a send refused): the socket goes, the history is told.
      cannotStart(event.message as string);
      expectedEmitted = lostIfReady();
      break;
    case 'chat.typing':
      // Passed to the socket in the room only (the unit test sees the command); nothing changes here.
      unchanged();
      break;
    case 'link.up':
      if (was === 'live.connecting' || was === 'live.reconnecting') expect([now, context]).toEqual(['live.joining', previous]);
      else unchanged();
      break;
    case 'link.down':
      if (was === 'live.joining' || was === 'live.ready') expect([now, context]).toEqual(['live.reconnecting', previous]);
      else unchanged();
      expectedEmitted = lostIfReady();
      break;
    case 'xstate.done.actor.socketLink':
      // The link ended (a refused handshake, a revoked session, too many sockets): 'Cannot start chatting', with its reason.
      cannotStart((event.output as { message: string }).message);
      expectedEmitted = lostIfReady();
      break;
    case 'socket.joined':
      if (was !== 'live.joining') return unchanged();
      expect([now, context]).toEqual(['live.ready', { ...previous, joined: true }]);
      expectedEmitted = [{ type: 'chat.ready', resumed: previous.joined }];
      break;
    case 'socket.joinRefused':
      if (was !== 'live.joining') return unchanged();
      cannotStart(event.message as string);
      break;
    case 'socket.refused':
      // A refusal the link passed on (the room refused, the guest closed): the chat cannot go on.
      cannotStart(event.message as string);
      expectedEmitted = lostIfReady();
      break;
    case 'socket.message':
      unchanged();
      expectedEmitted = [{ type: 'chat.message', message: event.message }];
      break;
    case 'socket.typing':
      unchanged();
      expectedEmitted = [{ type: 'chat.typing', typing: event.typing, sender: event.sender, room: event.room }];
      break;
    case 'socket.read':
      unchanged();
      expectedEmitted = [{ type: 'chat.read', sender: event.sender, readAt: event.readAt, room: event.room }];
      break;
    case 'socket.presence':
      unchanged();
      expectedEmitted = [{ type: 'chat.presence', agents: event.agents }];
      break;
    case 'socket.ended':
      // An agent ended the conversation: the history hears it at once (it draws the end marker).
      unchanged();
      expectedEmitted = [{ type: 'chat.sessionEnded', sessionId: event.sessionId }];
      break;
    default:
      if (/^xstate\.after\.socketCheck\./.test(event.type)) {
        // A join unanswered for 5 s is asked again (the unit test sees the command); the state stays.
        expect(isLive).toBe(true);
        expect([waited, was, now, context]).toEqual([CHECK_MS, 'live.joining', was, previous]);
      } else throw new Error(`unexpected event ${event.type}`);
  }
  expect(calls).toEqual(expectedCalls);
  expect(emitted).toEqual(expectedEmitted);
  expect(actions).toEqual(expectedActions);
}

describeModels('chat-connection', chatConnectionModels, {
  tags: {
    'starting.config': ['starting'],
    'starting.guest': ['starting'],
    'live.connecting': ['connecting'],
    'live.joining': ['connecting'],
    'live.ready': ['ready'],
    'live.reconnecting': ['reconnecting'],
    'cannotStart.refused': ['cannotStart'],
    'cannotStart.sessionEnded': ['cannotStart'],
    'cannotStart.guestEnded': ['cannotStart'],
  },
  check(step, flow) {
    check(step, flow);
    // A member's room is their own id's; a guest never has a member's.
    const context = step.after.context as ChatConnectionContext;
    if (context.room !== null) expect(context.room).toBe(`${PREFIX}-${context.userId ?? context.guestId}`);
    if ((flow.input as ChatConnectionInput).userId !== null) expect([context.userId, context.guestId]).toEqual([MEMBER_ID, null]);
  },
});
