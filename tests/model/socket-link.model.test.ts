import type { SocketLinkInput } from '../../machines/socket-link/socket-link.types.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';
import { stateKey, type FlowModel } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { socketLinkModels } from './socket-link.model.ts';

/** spec 4, written out independently: a socket socket.io gave up on is asked again after 5 s. */
const CHECK_MS = 5000;
/** Refusals a reconnect cannot help: the token is no good here. */
const FOR_GOOD = ['invalid-token', 'UNAUTHORIZED'];

function check({ event, before, after, actions, calls, waited }: ReplayedStep, flow: FlowModel) {
  const input = flow.input as SocketLinkInput;
  const was = before ? stateKey(before) : '';
  const now = stateKey(after);
  let expectedActions: unknown[] = [];
  let expectedCalls: unknown[] = [];
  /** The link ended, with this outcome and reason; its socket is gone with it. */
  const ended = (outcome: 'refused' | 'failed', message: string) => {
    expect([after.status, after.output]).toEqual(['done', { outcome, message }]);
    expect(Object.keys(after.children)).toEqual([]);
  };
  const passedOn = () => {
    expect(now).toBe(was);
    expectedActions = [{ type: 'report', params: event }];
  };

  switch (event.type) {
    case 'xstate.init':
      expect(now).toBe('live.down.connecting');
      // The socket starts with the guest's token, or none (the signed-in token is read at each handshake).
      expectedCalls = [{ actor: 'socket', input: { guestToken: input.guestToken } }];
      break;
    case 'socket.connected':
      expect(now).toBe('live.up');
      expectedActions = [{ type: 'report', params: { type: 'link.up' } }];
      break;
    case 'socket.disconnected':
      // socket.io reconnects by itself, or gave up (the server closed the socket): the 5 s check then runs.
      expect(now).toBe(event.retrying ? 'live.down.connecting' : 'live.down.stalled');
      expectedActions = [{ type: 'report', params: { type: 'link.down' } }];
      break;
    case 'socket.connectError': {
      const message = event.message as string;
      if (event.retrying) {
        expect(now).toBe(was);
        expectedActions = [{ type: 'report', params: { type: 'link.down' } }];
      } else if (FOR_GOOD.includes(message)) ended('refused', message);
      else if (message === 'REQUEST_LIMIT' || input.everyRefusalEnds) ended('failed', message);
      else {
        // A refusal a retry may cure: asked again 5 s later.
        expect(now).toBe('live.down.stalled');
        expectedActions = [{ type: 'report', params: { type: 'link.down' } }];
      }
      break;
    }
    case 'socket.refused':
      // A revoked session ends the link; any other refusal (a join) is the parent's to judge.
      if (event.message === 'invalid-token') ended('refused', 'invalid-token');
      else passedOn();
      break;
    case 'socket.message':
    case 'socket.typing':
    case 'socket.read':
    case 'socket.presence':
    case 'socket.ended':
    case 'socket.inbox':
    case 'socket.wallet':
    case 'socket.joined':
    case 'socket.joinRefused':
      passedOn();
      break;
    case 'link.join':
    case 'link.typing':
      // Passed to the socket (tests/unit/chat-socket.test.ts sees the commands); nothing changes here.
      expect(now).toBe(was);
      break;
    case 'xstate.error.actor.socket':
      ended('failed', 'NETWORK_ERROR');
      break;
    default:
      if (/^xstate\.after\.socketCheck\./.test(event.type)) {
        expect([waited, was, now]).toEqual([CHECK_MS, 'live.down.stalled', 'live.down.connecting']);
      } else throw new Error(`unexpected event ${event.type}`);
  }
  expect(actions).toEqual(expectedActions);
  expect(calls).toEqual(expectedCalls);
}

describeModels('socket-link', socketLinkModels, {
  tags: {
    'live.down.connecting': ['connecting'],
    'live.down.stalled': ['stalled'],
    'live.up': ['connected'],
    refused: [],
    failed: [],
  },
  check,
});
