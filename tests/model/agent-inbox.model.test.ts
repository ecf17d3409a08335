import type { AgentInboxContext } from '../../machines/agent-inbox/agent-inbox.types.ts';
import { agentInboxModels, INPUT } from './agent-inbox.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

/** Rooms joined again on every reconnect, written out: the latest 5. */
const REJOINED = 5;

type Call = { actor: string; input: unknown };
const byActor = (calls: readonly Call[]) => [...calls].sort((a, b) => a.actor.localeCompare(b.actor));
/** The socket link, started with no guest token and retrying a refusal a retry may cure. */
const socketLink: Call = { actor: 'socketLink', input: { guestToken: null, everyRefusalEnds: false } };

function check({ event, before, after, actions, calls }: ReplayedStep) {
  const previous = before?.context as AgentInboxContext;
  const context = after.context as AgentInboxContext;
  const now = stateKey(after);
  const was = before ? stateKey(before) : '';
  const unchanged = () => expect([now, context]).toEqual([was, previous]);
  let expectedCalls: Call[] = [];
  let expectedActions: unknown[] = [];
  /** Leaving a conversation forgets its room and whether the agent typed there (the room hears false: the unit test sees it). */
  const left = { open: null, typing: false };

  switch (event.type) {
    case 'xstate.init':
      expect(now).toBe('canned.running + conversation.none + list.running + outbox.running + socket.live');
      expect(context).toEqual({ ...INPUT, selectedId: null, open: null, typing: false, ended: [], online: null, agentsOnline: null, rooms: [], socketFailure: null });
      // The list, the canned replies and the outbox run for the inbox's life; the socket while it lives.
      expectedCalls = [{ actor: 'list', input: undefined }, { actor: 'canned', input: { canEditCanned: null } }, { actor: 'outbox', input: undefined }, socketLink];
      break;

    // ---------------------------------------------------------------- the socket
    case 'link.up':
    case 'link.down':
      // Back after a drop, the list and the open conversation are read again (the unit test sees them told).
      expect([now, context]).toEqual([was, { ...previous, online: event.type === 'link.up' }]);
      break;
    case 'xstate.done.actor.socketLink': {
      // Refused for good: the view ends the session. Too many tabs: the reason shows, with a retry, and nothing retries by itself.
      const { outcome, message } = event.output as { outcome: 'refused' | 'failed'; message: string };
      expect(after.matches({ socket: outcome })).toBe(true);
      expect(context).toEqual({ ...previous, socketFailure: message, online: false });
      if (outcome === 'refused') expectedActions = [{ type: 'refused', params: { message } }];
      break;
    }
    case 'xstate.error.actor.socketLink':
      // The socket is gone (the inbox counts itself offline: coming back reads what was missed).
      expect([after.matches({ socket: 'failed' }), context]).toEqual([true, { ...previous, socketFailure: 'NETWORK_ERROR', online: false }]);
      break;
    case 'socket.retry':
      // A new socket, connecting; the inbox still counts itself offline until it connects (then it reads again).
      expect([after.matches({ socket: 'live' }), context]).toEqual([true, { ...previous, socketFailure: null }]);
      expectedCalls = [socketLink];
      break;
    case 'socket.refused':
      // A refused join changes nothing (the agents' room still tells everything); the link ends a revoked session itself.
      return unchanged();
    case 'socket.presence':
      expect([now, context]).toEqual([was, { ...previous, agentsOnline: event.agents }]);
      break;

    // ---------------------------------------------------------------- the conversations
    case 'conversation.select':
      if (event.id === previous.selectedId) return unchanged();
      // A fresh conversation child each time; the list hears it.
      expect(after.matches({ conversation: { selected: 'opening' } })).toBe(true);
      expect(context).toEqual({ ...previous, ...left, selectedId: event.id });
      expectedCalls = [{ actor: 'conversation', input: { id: event.id } }];
      break;
    case 'conversation.close':
      expect(after.matches({ conversation: 'none' })).toBe(true);
      expect(context).toEqual({ ...previous, ...left, selectedId: null });
      break;
    case 'conversation.opened': {
      const { room, userId, guestId } = event;
      // Its room joined, and joined again after every reconnect (the latest 5); the agent writes there.
      expect(after.matches({ conversation: { selected: 'open' } })).toBe(true);
      expect(context).toEqual({ ...previous, open: { room, userId, guestId }, rooms: [...previous.rooms.filter((known) => known !== room), room].slice(-REJOINED) });
      expectedCalls = [{ actor: 'composer', input: { conversationId: previous.selectedId, userId, guestId, origin: INPUT.origin } }];
      break;
    }
    case 'agent.typing':
      // The open room hears it (while connected: the unit test sees it).
      expect([now, context]).toEqual([was, { ...previous, typing: event.typing }]);
      break;
    case 'conversation.ended':
      // Its end marker shows until its customer writes again; its newest page is read again.
      expect([now, context]).toEqual([was, { ...previous, ended: [...previous.ended, event.conversationId] }]);
      break;
    case 'socket.message':
      // A message after the end belongs to the customer's next session.
      expect([now, context]).toEqual([was, { ...previous, ended: previous.ended.filter((id) => id !== event.message.conversationId) }]);
      break;
    case 'read.failed':
      // Background reads are only logged.
      expect([now, context]).toEqual([was, previous]);
      expectedActions = [{ type: 'logFailure', params: { message: event.message } }];
      break;
    case 'reply.sent':
    case 'outbox.queue':
    case 'conversation.read':
    case 'socket.inbox':
    case 'socket.typing':
    case 'socket.read':
    case 'socket.joined':
    case 'socket.joinRefused':
      // Passed on to the child it is for (the unit test sees where), or ignored; nothing of the inbox's own changes.
      return unchanged();
    default: {
      // A child that broke (a bug): logged, and it starts again (a conversation's, as the agent left it).
      const broken = /^xstate\.error\.actor\.(list|canned|outbox|conversation|composer)$/.exec(event.type)?.[1];
      if (!broken) throw new Error(`no check for ${event.type}`);
      if (broken === 'conversation') expect(after.matches({ conversation: { selected: 'opening' } })).toBe(true);
      else expect(now).toBe(was);
      expect(context).toEqual(broken === 'conversation' ? { ...previous, ...left } : previous);
      expectedActions = [{ type: 'logFailure', params: { message: 'CHILD_BROKEN' } }];
      const inputs: Record<string, unknown> = {
        list: undefined,
        outbox: undefined,
        canned: { canEditCanned: previous.canEditCanned },
        conversation: { id: previous.selectedId },
        composer: { conversationId: previous.selectedId, userId: previous.open?.userId, guestId: previous.open?.guestId, origin: INPUT.origin },
      };
      expectedCalls = [{ actor: broken, input: inputs[broken] }];
    }
  }
  expect(byActor(calls)).toEqual(byActor(expectedCalls));
  expect(actions).toEqual(expectedActions);
}

describeModels('agent-inbox', agentInboxModels, {
  tags: new Proxy({} as Record<string, string[]>, {
    get: (_, key: string) => (key.includes('socket.failed') ? ['socket:failed'] : []),
  }),
  check,
});
