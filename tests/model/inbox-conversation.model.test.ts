import type { AnyMachineSnapshot } from 'xstate';
import type { ChatMessage } from '../../src/contract/chat.ts';
import type { InboxConversationContext } from '../../machines/inbox-conversation/inbox-conversation.types.ts';
import { LOADER_DELAY_MS } from '../../machines/shared/delays.ts';
import { inboxConversationModels } from './inbox-conversation.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

// Written out independently of the machine.
const MEMBER_TYPING_TIMEOUT = 8000;
const PAGE = 10;
/** The widget's auto-scroll distance (spec 9), which the inbox follows too. */
const AUTO_SCROLL_PX = 60;

/** The tags of each region's state, by hand; a state of the whole machine has the union of its regions'. */
const REGION_TAGS: Record<string, string[]> = {
  'opening.quiet': ['conversation:loading'],
  'opening.slow': ['conversation:loading', 'conversation:skeleton'],
  failed: ['conversation:failed'],
  'open.history.idle': ['conversation:open'],
  'open.history.older': ['conversation:open', 'history:older'],
  'open.history.catchingUp.page': ['conversation:open'],
  'open.read.idle': ['conversation:open'],
  'open.read.marking': ['conversation:open'],
  'open.memberTyping.no': ['conversation:open'],
  'open.memberTyping.yes': ['conversation:open'],
  'open.view.following': ['conversation:open', 'view:following'],
  'open.view.scrolledUp': ['conversation:open'],
};

const tags = new Proxy({} as Record<string, string[]>, {
  get: (_, key: string) =>
    [
      ...new Set(
        key.split(' + ').flatMap((region) => {
          const known = REGION_TAGS[region];
          if (!known) throw new Error(`no tags written for ${region}`);
          return known;
        }),
      ),
    ].sort(),
});

/** Oldest first, each once. */
const chronological = (messages: readonly ChatMessage[]) => {
  const unique = [...new Map(messages.map((message) => [message._id, message])).values()];
  return unique.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id));
};
const ids = (messages: readonly ChatMessage[]) => messages.map((message) => message._id);
const inState = (snapshot: AnyMachineSnapshot | undefined, state: object | string) => snapshot?.matches(state) ?? false;
const region = (snapshot: AnyMachineSnapshot | undefined, name: string, state: string) => inState(snapshot, { open: { [name]: state } });

function check({ event, before, after, actions, calls, waited }: ReplayedStep) {
  const previous = before?.context as InboxConversationContext;
  const context = after.context as InboxConversationContext;
  const now = stateKey(after);
  const unchanged = () => expect([now, context]).toEqual([stateKey(before!), previous]);
  let expectedCalls: unknown[] = [];
  let expectedActions: unknown[] = [];
  const answer = (event as { output?: { ok: boolean; data?: unknown; message?: string } }).output;
  const failure = event.type.startsWith('xstate.error.') ? 'NETWORK_ERROR' : answer && !answer.ok ? answer.message : null;
  const markRead = [{ actor: 'markRead', input: { id: context.id } }];

  switch (event.type) {
    case 'xstate.init':
      expect(now).toBe('opening.quiet');
      expect(context).toEqual({
        id: context.id,
        panel: null,
        messages: [],
        historyEnd: false,
        conversationError: null,
        historyError: null,
        memberTyping: false,
        customerReadAt: null,
        readAgain: false,
        catchUpSkip: 0,
        catchUpHeld: [],
      });
      expectedCalls = [{ actor: 'openConversation', input: { id: context.id } }];
      break;
    case 'conversation.retry':
      if (!inState(before, 'failed')) return unchanged();
      expect([now, context.conversationError]).toEqual(['opening.quiet', null]);
      expectedCalls = [{ actor: 'openConversation', input: { id: context.id } }];
      break;
    case 'xstate.done.actor.openConversation':
    case 'xstate.error.actor.openConversation': {
      if (failure) {
        expect([now, context.conversationError, context.panel]).toEqual(['failed', failure, null]);
        break;
      }
      const { panel, messages } = answer!.data as { panel: NonNullable<InboxConversationContext['panel']>; messages: ChatMessage[] };
      expect(now).toBe('open.history.idle + open.memberTyping.no + open.read.marking + open.view.following');
      expect(context.panel).toEqual(panel);
      // The page comes newest first; the history shows it oldest first.
      expect(ids(context.messages)).toEqual(ids(messages).reverse());
      expect(context.historyEnd).toBe(messages.length < PAGE);
      // The inbox joins its room; it is marked read, since the agent now sees it.
      expectedActions = [{ type: 'opened', params: { room: panel.conversation.room, userId: panel.conversation.userId, guestId: panel.conversation.guestId } }];
      expectedCalls = markRead;
      break;
    }
    case 'history.older':
      if (!region(before, 'history', 'idle') || previous.historyEnd) return unchanged();
      expect(region(after, 'history', 'older')).toBe(true);
      expectedCalls = [{ actor: 'loadOlder', input: { id: context.id, skip: previous.messages.length } }];
      break;
    case 'xstate.done.actor.loadOlder':
    case 'xstate.error.actor.loadOlder':
      expect(region(after, 'history', 'idle')).toBe(true);
      if (failure) {
        expect([context.messages, context.historyError]).toEqual([previous.messages, failure]);
      } else {
        const older = answer!.data as ChatMessage[];
        expect(ids(context.messages)).toEqual([...ids(older).reverse(), ...ids(previous.messages)]);
        expect([context.historyEnd, context.historyError]).toEqual([older.length < PAGE, null]);
      }
      break;
    case 'history.catchUp':
      if (!region(before, 'history', 'idle')) return unchanged();
      expect([region(after, 'history', 'catchingUp'), context.catchUpSkip, ids(context.catchUpHeld)]).toEqual([true, 0, ids(previous.messages)]);
      expectedCalls = [{ actor: 'catchUp', input: { id: context.id, skip: 0 } }];
      break;
    case 'xstate.done.actor.catchUp':
    case 'xstate.error.actor.catchUp': {
      if (failure) {
        // In the background: only logged.
        expect([region(after, 'history', 'idle'), context.messages]).toEqual([true, previous.messages]);
        expectedActions = [{ type: 'logFailure', params: { message: failure } }];
        break;
      }
      const newest = answer!.data as ChatMessage[];
      expect(ids(context.messages)).toEqual(ids(chronological([...previous.messages, ...newest])));
      // Until a page is short or holds a customer's message held when the catch-up began (checked above): then everything older was held.
      const reachedHeld = newest.length < PAGE || newest.some((message) => message.sender === 'customer' && ids(previous.catchUpHeld).includes(message._id));
      if (reachedHeld) {
        expect(region(after, 'history', 'idle')).toBe(true);
      } else {
        expect([region(after, 'history', 'catchingUp'), context.catchUpSkip]).toEqual([true, previous.catchUpSkip + PAGE]);
        expectedCalls = [{ actor: 'catchUp', input: { id: context.id, skip: previous.catchUpSkip + PAGE } }];
      }
      break;
    }
    case 'xstate.done.actor.markRead':
    case 'xstate.error.actor.markRead':
      if (previous.readAgain) {
        // A customer message came while marking: marked again.
        expect([region(after, 'read', 'marking'), context.readAgain]).toEqual([true, false]);
        expectedCalls = markRead;
      } else if (failure) {
        expect(region(after, 'read', 'idle')).toBe(true);
        expectedActions = [{ type: 'logFailure', params: { message: failure } }];
      } else {
        // The list's row says nothing is unread.
        expect(region(after, 'read', 'idle')).toBe(true);
        expectedActions = [{ type: 'read', params: { id: context.id } }];
      }
      break;
    case 'socket.message': {
      const { message } = event;
      if (previous.panel === null || message.conversationId !== context.id) return unchanged();
      expect(ids(context.messages)).toEqual([...ids(previous.messages), message._id]);
      if (message.sender === 'customer') {
        expect(region(after, 'memberTyping', 'no')).toBe(true);
        if (region(before, 'read', 'idle')) expectedCalls = markRead;
        else expect(context.readAgain).toBe(true);
      }
      break;
    }
    case 'socket.typing': {
      const here = inState(before, 'open') && event.room === previous.panel?.conversation.room;
      if (!here) return unchanged();
      expect([region(after, 'memberTyping', event.typing ? 'yes' : 'no'), context.memberTyping]).toEqual([true, event.typing]);
      break;
    }
    case 'socket.read':
      if (event.room !== previous.panel?.conversation.room) return unchanged();
      expect([now, context]).toEqual([stateKey(before!), { ...previous, customerReadAt: event.readAt }]);
      break;
    case 'socket.inbox':
      // The panel follows its conversation's row; another's changes nothing here.
      if (event.conversation.id !== context.id || previous.panel === null) return unchanged();
      expect([now, context]).toEqual([stateKey(before!), { ...previous, panel: { ...previous.panel, conversation: event.conversation } }]);
      break;
    case 'reply.stored': {
      if (!inState(before, 'open')) return unchanged();
      // The stored reply shows at once, in the session shown last (the socket's copy replaces it later).
      const reply = context.messages.find((message) => message._id === event.message._id);
      expect(reply).toEqual({ ...event.message, session_id: previous.messages.at(-1)?.session_id ?? '', conversationId: context.id });
      expect(ids(context.messages)).toEqual(ids(chronological([...previous.messages, event.message])));
      break;
    }
    case 'history.scrolled': {
      if (!inState(before, 'open')) return unchanged();
      // Only scrolling up past the distance stops following; coming back within it follows again.
      const near = event.distanceFromBottom <= AUTO_SCROLL_PX;
      const following = region(before, 'view', 'following') ? !(event.towardsTop && !near) : near;
      expect(region(after, 'view', following ? 'following' : 'scrolledUp')).toBe(true);
      expect(context).toEqual(previous);
      break;
    }
    default: {
      const delay = /^xstate\.after\.(\w+)\./.exec(event.type)?.[1];
      if (delay === 'loaderDelay') expect([waited, now]).toEqual([LOADER_DELAY_MS, 'opening.slow']);
      else if (delay === 'memberTypingTimeout') expect([waited, context.memberTyping]).toEqual([MEMBER_TYPING_TIMEOUT, false]);
      else throw new Error(`no check for ${event.type}`);
    }
  }
  expect(calls).toEqual(expectedCalls);
  expect(actions).toEqual(expectedActions);
}

describeModels('inbox-conversation', inboxConversationModels, { tags, check });
