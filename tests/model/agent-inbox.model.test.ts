import type { AnyMachineSnapshot } from 'xstate';
import type { ChatMessage, InboxConversation } from '../../src/contract/chat.ts';
import type { AgentInboxContext, OutboxItem } from '../../machines/agent-inbox/agent-inbox.types.ts';
import { LOADER_DELAY_MS } from '../../machines/shared/delays.ts';
import { agentInboxModels, DOCUMENT, EMPTY_PHOTO, HUGE_PHOTO, PHOTO, SCRIPT_BUTTON } from './agent-inbox.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

// The timings, written out independently of the machine.
const SEARCH_DELAY = 300;
const TYPING_PAUSE = 3000;
const MEMBER_TYPING_TIMEOUT = 8000;
const PAGE = 10;
const TEXT_MAX = 2000;
/** Rooms joined again on every reconnect. */
const REJOINED = 5;
/** The widget's auto-scroll distance (spec 9), which the inbox follows too. */
const AUTO_SCROLL_PX = 60;

/** The tags of each region's state, by hand; a state of the whole machine has the union of its regions'. */
const REGION_TAGS: Record<string, string[]> = {
  'list.debouncing': ['list:loading'],
  'list.loading.quiet': ['list:loading'],
  'list.loading.slow': ['list:loading', 'list:skeleton'],
  'list.ready': [],
  'list.more': ['list:more'],
  'list.failed': ['list:failed'],
  'conversation.none': [],
  'conversation.opening.quiet': ['conversation:loading'],
  'conversation.opening.slow': ['conversation:loading', 'conversation:skeleton'],
  'conversation.failed': ['conversation:failed'],
  'conversation.open.history.idle': ['conversation:open'],
  'conversation.open.history.older': ['conversation:open', 'history:older'],
  'conversation.open.history.catchingUp': ['conversation:open'],
  'conversation.open.read.idle': ['conversation:open'],
  'conversation.open.read.marking': ['conversation:open'],
  'conversation.open.memberTyping.no': ['conversation:open'],
  'conversation.open.memberTyping.yes': ['conversation:open'],
  'conversation.open.agentTyping.quiet': ['conversation:open'],
  'conversation.open.agentTyping.typing.pause': ['conversation:open'],
  'conversation.open.view.following': ['conversation:open', 'view:following'],
  'conversation.open.view.scrolledUp': ['conversation:open'],
  'outbox.idle': [],
  'outbox.uploading': ['outbox:busy'],
  'outbox.sending': ['outbox:busy'],
  'outbox.ending': ['outbox:busy'],
  'canned.idle': [],
  'canned.loading': ['canned:loading'],
  'canned.failed': ['canned:failed'],
  'canned.ready': ['canned:ready'],
  'canned.saving': ['canned:ready', 'canned:saving'],
  'socket.live': [],
  'socket.failed': ['socket:failed'],
  'socket.refused': [],
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

type Call = { actor: string; input: unknown };

const byActor = (calls: readonly Call[]) => [...calls].sort((a, b) => a.actor.localeCompare(b.actor));

/** Newest first by the ISO instant's text (independent of the machine's own ordering). */
const newestFirst = (rows: readonly InboxConversation[]) => [...rows].sort((a, b) => (b.lastMessageAt ?? '').localeCompare(a.lastMessageAt ?? ''));

/** Oldest first, each once. */
const chronological = (messages: readonly ChatMessage[]) => {
  const unique = [...new Map(messages.map((message) => [message._id, message])).values()];
  return unique.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id));
};

const ids = (messages: readonly ChatMessage[]) => messages.map((message) => message._id);

const firstQueued = (context: AgentInboxContext) => context.outbox.find((item) => item.status === 'queued');

/** The call the outbox makes for its next item. */
function outboxCall(item: OutboxItem): Call {
  if (item.step === 'upload') {
    return { actor: 'uploadMedia', input: { conversationId: item.conversationId, file: item.file, fileType: item.fileType, reportProgress: expect.any(Function) } };
  }
  if (item.step === 'end') return { actor: 'endConversation', input: { id: item.conversationId } };
  return { actor: 'sendReply', input: { conversationId: item.conversationId, message: item.message } };
}

const room = (context: AgentInboxContext) => context.panel?.conversation.room;
const inState = (snapshot: AnyMachineSnapshot | undefined, state: object) => snapshot?.matches(state) ?? false;
const isOpen = (snapshot: AnyMachineSnapshot | undefined) => inState(snapshot, { conversation: 'open' });
const agentTyping = (snapshot: AnyMachineSnapshot | undefined) => inState(snapshot, { conversation: { open: { agentTyping: 'typing' } } });
const outboxBusy = (snapshot: AnyMachineSnapshot | undefined) => !inState(snapshot, { outbox: 'idle' });

function check(step: ReplayedStep) {
  const { event, before, after, actions, calls, emitted, waited } = step;
  const previous = before?.context as AgentInboxContext;
  const context = after.context as AgentInboxContext;
  const now = stateKey(after);
  const unchanged = () => expect([now, context]).toEqual([stateKey(before!), previous]);
  let expectedCalls: Call[] = [];
  let expectedActions: Array<{ type: string; params: unknown }> = [];
  let expectedEmitted: Array<{ type: string }> = [];
  /** After an outbox step: the next queued item's call, when the outbox went busy for it. */
  const nextOutboxCall = () => {
    const item = firstQueued(context);
    expect(outboxBusy(after), 'the outbox works while an item is queued').toBe(item !== undefined);
    return item ? [outboxCall(item)] : [];
  };
  const answer = (event as { output?: { ok: boolean; data?: unknown; message?: string } }).output;
  const failure = event.type.startsWith('xstate.error.') ? 'NETWORK_ERROR' : answer && !answer.ok ? answer.message : null;

  switch (event.type) {
    case 'xstate.init':
      expect(now).toBe('canned.idle + conversation.none + list.loading.quiet + outbox.idle + socket.live');
      expect(context).toMatchObject({ query: '', conversations: [], selectedId: null, outbox: [], canned: [], canEditCanned: null, online: null, rooms: [], socketFailure: null });
      expectedCalls = [
        { actor: 'loadInbox', input: { q: '', skip: 0 } },
        // A refusal a retry may cure is tried again (machines/socket-link); only a token no good here or too many tabs end it.
        { actor: 'socketLink', input: { guestToken: null, everyRefusalEnds: false } },
      ];
      break;

    // ---------------------------------------------------------------- the list
    case 'search.change':
      expect(after.matches({ list: 'debouncing' })).toBe(true);
      expect(context).toEqual({ ...previous, query: event.query, listError: null });
      // A read in flight for the last search is dropped.
      expect(Object.keys(after.children).filter((id) => id === 'loadInbox' || id === 'loadMore')).toEqual([]);
      break;
    case 'list.more':
      if (!inState(before, { list: 'ready' }) || previous.conversations.length >= previous.total) return unchanged();
      expect(after.matches({ list: 'more' })).toBe(true);
      expectedCalls = [{ actor: 'loadInbox', input: { q: previous.shownQuery.trim(), skip: previous.conversations.length } }];
      break;
    case 'list.retry':
      if (!inState(before, { list: 'failed' })) return unchanged();
      expect([after.matches({ list: 'loading' }), context.listError]).toEqual([true, null]);
      expectedCalls = [{ actor: 'loadInbox', input: { q: previous.query.trim(), skip: 0 } }];
      break;
    case 'xstate.done.actor.loadInbox':
    case 'xstate.error.actor.loadInbox':
      if (failure) {
        expect([after.matches({ list: 'failed' }), context.listError, context.conversations]).toEqual([true, failure, previous.conversations]);
      } else {
        const page = answer!.data as { conversations: InboxConversation[]; total: number };
        expect(after.matches({ list: 'ready' })).toBe(true);
        expect(context).toMatchObject({ conversations: newestFirst(page.conversations), total: page.total, shownQuery: previous.query, listError: null });
      }
      break;
    case 'xstate.done.actor.loadMore':
    case 'xstate.error.actor.loadMore':
      expect(after.matches({ list: 'ready' })).toBe(true);
      if (failure) {
        // The rows shown stay; the failure shows under them.
        expect([context.conversations, context.listError]).toEqual([previous.conversations, failure]);
      } else {
        const page = answer!.data as { conversations: InboxConversation[] };
        const shown = new Set(previous.conversations.map((row) => row.id));
        expect(context.conversations).toEqual([...previous.conversations, ...page.conversations.filter((row) => !shown.has(row.id))]);
      }
      break;
    case 'socket.inbox': {
      const changed = event.conversation;
      const known = previous.conversations.some((row) => row.id === changed.id);
      const searching = previous.shownQuery.trim() !== '';
      expect(now).toBe(stateKey(before!));
      if (known) {
        expect([context.conversations, context.total]).toEqual([
          newestFirst(previous.conversations.map((row) => (row.id === changed.id ? changed : row))),
          previous.total,
        ]);
      } else if (searching) {
        // Whether a new conversation matches the search is the server's to say.
        expect([context.conversations, context.total]).toEqual([previous.conversations, previous.total]);
      } else {
        expect([context.conversations, context.total]).toEqual([newestFirst([changed, ...previous.conversations]), previous.total + 1]);
      }
      const highlighted = event.postback !== undefined && changed.id !== previous.selectedId;
      expect(context.postbacks.includes(changed.id)).toBe(highlighted || previous.postbacks.includes(changed.id));
      break;
    }
    case 'socket.presence':
      expect([now, context]).toEqual([stateKey(before!), { ...previous, agentsOnline: event.agents }]);
      break;
    case 'link.up':
    case 'link.down': {
      const connected = event.type === 'link.up';
      expect(context.online).toBe(connected);
      const back = connected && previous.online === false;
      // Back after a drop: the list is read again, and the open conversation's newest page (the rooms are joined again: tests/unit/inbox-socket.test.ts sees it).
      if (back && (inState(before, { list: 'ready' }) || inState(before, { list: 'failed' }))) {
        expect(after.matches({ list: 'loading' })).toBe(true);
        expectedCalls.push({ actor: 'loadInbox', input: { q: previous.query.trim(), skip: 0 } });
      }
      if (back && inState(before, { conversation: { open: { history: 'idle' } } })) {
        expect(after.matches({ conversation: { open: { history: 'catchingUp' } } })).toBe(true);
        expectedCalls.push({ actor: 'catchUp', input: { id: previous.selectedId } });
      }
      if (!back) expect(now).toBe(stateKey(before!));
      break;
    }
    case 'xstate.done.actor.socketLink': {
      // Refused for good: the view ends the session. Too many tabs: the reason shows, with a retry, and nothing retries by itself.
      const { outcome, message } = event.output as { outcome: 'refused' | 'failed'; message: string };
      expect(after.matches({ socket: outcome })).toBe(true);
      expect(context).toEqual({ ...previous, socketFailure: message, online: false });
      if (outcome === 'refused') expectedActions = [{ type: 'refused', params: { message } }];
      break;
    }
    case 'socket.refused':
      // A refused join changes nothing (the agents' room still tells everything); the link ends a revoked session itself.
      return unchanged();
    case 'xstate.error.actor.socketLink':
      // The socket is gone (the inbox counts itself offline: coming back reads what was missed).
      expect([after.matches({ socket: 'failed' }), context]).toEqual([true, { ...previous, socketFailure: 'NETWORK_ERROR', online: false }]);
      break;
    case 'socket.retry':
      if (!inState(before, { socket: 'failed' })) return unchanged();
      // A new socket, connecting; the inbox still counts itself offline until it connects (then it reads again).
      expect([after.matches({ socket: 'live' }), context]).toEqual([true, { ...previous, socketFailure: null }]);
      expectedCalls = [{ actor: 'socketLink', input: { guestToken: null, everyRefusalEnds: false } }];
      break;

    case 'conversation.select':
      if (event.id === previous.selectedId) return unchanged();
      expect(after.matches({ conversation: { opening: 'quiet' } })).toBe(true);
      expect(context).toMatchObject({ selectedId: event.id, panel: null, messages: [], draft: '', memberTyping: false, customerReadAt: null, conversationError: null });
      expect(context.postbacks).toEqual(previous.postbacks.filter((id) => id !== event.id));
      // What is on its way keeps going.
      expect(context.outbox).toEqual(previous.outbox);
      expectedCalls = [{ actor: 'openConversation', input: { id: event.id } }];
      break;
    case 'conversation.close':
      expect(after.matches({ conversation: 'none' })).toBe(true);
      expect(context).toMatchObject({ selectedId: null, panel: null, messages: [], draft: '' });
      expect(context.outbox).toEqual(previous.outbox);
      break;
    case 'conversation.retry':
      if (!inState(before, { conversation: 'failed' })) return unchanged();
      expect([after.matches({ conversation: 'opening' }), context.conversationError]).toEqual([true, null]);
      expectedCalls = [{ actor: 'openConversation', input: { id: previous.selectedId } }];
      break;
    case 'xstate.done.actor.openConversation':
    case 'xstate.error.actor.openConversation':
      if (failure) {
        expect([after.matches({ conversation: 'failed' }), context.conversationError, context.panel]).toEqual([true, failure, null]);
        break;
      } else {
        const { panel, messages } = answer!.data as { panel: AgentInboxContext['panel']; messages: ChatMessage[] };
        expect(after.matches({ conversation: { open: { history: 'idle', read: 'marking', memberTyping: 'no', agentTyping: 'quiet', view: 'following' } } })).toBe(true);
        expect(context.panel).toEqual(panel);
        expect(ids(context.messages)).toEqual(ids(messages).reverse());
        expect(context.historyEnd).toBe(messages.length < PAGE);
        // Its room joined, and joined again after every reconnect (the latest 5); marked read, since the agent now sees it.
        expect(context.rooms).toEqual([...previous.rooms.filter((known) => known !== panel!.conversation.room), panel!.conversation.room].slice(-REJOINED));
        expectedCalls = [{ actor: 'markRead', input: { id: previous.selectedId } }];
      }
      break;
    case 'history.older':
      if (!inState(before, { conversation: { open: { history: 'idle' } } }) || previous.historyEnd) return unchanged();
      expect(after.matches({ conversation: { open: { history: 'older' } } })).toBe(true);
      expectedCalls = [{ actor: 'loadOlder', input: { id: previous.selectedId, skip: previous.messages.length } }];
      break;
    case 'history.scrolled': {
      if (!isOpen(before)) return unchanged();
      // Only scrolling up past the distance stops following; coming back within it follows again.
      const near = event.distanceFromBottom <= AUTO_SCROLL_PX;
      const following = inState(before, { conversation: { open: { view: 'following' } } }) ? !(event.towardsTop && !near) : near;
      expect(after.matches({ conversation: { open: { view: following ? 'following' : 'scrolledUp' } } })).toBe(true);
      expect(context).toEqual(previous);
      break;
    }
    case 'xstate.done.actor.loadOlder':
    case 'xstate.error.actor.loadOlder':
      expect(after.matches({ conversation: { open: { history: 'idle' } } })).toBe(true);
      if (failure) {
        expect([context.messages, context.historyError]).toEqual([previous.messages, failure]);
      } else {
        const page = answer!.data as ChatMessage[];
        expect(ids(context.messages)).toEqual([...ids(page).reverse(), ...ids(previous.messages)]);
        expect([context.historyEnd, context.historyError]).toEqual([page.length < PAGE, null]);
      }
      break;
    case 'xstate.done.actor.catchUp':
    case 'xstate.error.actor.catchUp':
      expect(after.matches({ conversation: { open: { history: 'idle' } } })).toBe(true);
      if (failure) {
        expect(context.messages).toEqual(previous.messages);
        expectedActions = [{ type: 'logFailure', params: { message: failure } }];
      } else {
        expect(ids(context.messages)).toEqual(ids(chronological([...previous.messages, ...(answer!.data as ChatMessage[])])));
      }
      break;
    case 'xstate.done.actor.markRead':
    case 'xstate.error.actor.markRead': {
      const row = (c: AgentInboxContext) => c.conversations.find((conversation) => conversation.id === c.selectedId);
      if (previous.readAgain) {
        // A customer message came while marking: marked again.
        expect([after.matches({ conversation: { open: { read: 'marking' } } }), context.readAgain]).toEqual([true, false]);
        expectedCalls = [{ actor: 'markRead', input: { id: previous.selectedId } }];
      } else if (failure) {
        expect(after.matches({ conversation: { open: { read: 'idle' } } })).toBe(true);
        expectedActions = [{ type: 'logFailure', params: { message: failure } }];
      } else {
        expect(after.matches({ conversation: { open: { read: 'idle' } } })).toBe(true);
        expect(row(context)?.unread).toBe(0);
      }
      break;
    }
    case 'socket.message': {
      const message = event.message;
      const here = previous.panel !== null && message.conversationId === previous.selectedId;
      // The customer's next message after an end starts their new session: the end marker goes.
      expect(context.ended).toEqual(previous.ended.filter((id) => id !== message.conversationId));
      if (!here && previous.ended.includes(message.conversationId!)) break;
      if (!here) return unchanged();
      expect(ids(context.messages)).toEqual([...ids(previous.messages), message._id]);
      if (message.sender === 'customer') {
        expect(after.matches({ conversation: { open: { memberTyping: 'no' } } })).toBe(true);
        if (inState(before, { conversation: { open: { read: 'idle' } } })) {
          expectedCalls = [{ actor: 'markRead', input: { id: previous.selectedId } }];
        } else {
          expect(context.readAgain).toBe(true);
        }
      }
      break;
    }
    case 'socket.typing': {
      const here = event.room === room(previous) && isOpen(before);
      if (!here) return unchanged();
      expect([after.matches({ conversation: { open: { memberTyping: event.typing ? 'yes' : 'no' } } }), context.memberTyping]).toEqual([true, event.typing]);
      break;
    }
    case 'socket.read':
      if (event.room !== room(previous)) return unchanged();
      expect([now, context]).toEqual([stateKey(before!), { ...previous, customerReadAt: event.readAt }]);
      break;

    // ---------------------------------------------------------------- the composer and the outbox
    case 'draft.change':
      expect([context.draft, context.composerError]).toEqual([event.text, null]);
      if (isOpen(before)) {
        const typing = event.text.trim() !== '';
        expect(agentTyping(after)).toBe(typing);
        // The socket hears it when it changes, not at every keystroke (tests/unit/inbox-socket.test.ts sees the commands).
      }
      break;
    case 'draft.send': {
      if (!isOpen(before) || previous.draft.trim() === '') return unchanged();
      if (previous.draft.trim().length > TEXT_MAX) {
        expect([context.composerError, context.outbox, context.draft]).toEqual(['CHAT_TEXT_INVALID', previous.outbox, previous.draft]);
        break;
      }
      const item = context.outbox.at(-1)!;
      expect(context.outbox.slice(0, -1)).toEqual(previous.outbox);
      expect(item).toMatchObject({
        id: event.id,
        conversationId: previous.selectedId,
        step: 'send',
        status: 'queued',
        message: { message_type: 'text', payload: { text: previous.draft.trim() }, deliver: { id: event.id, status: 'sending' } },
      });
      expect([context.draft, agentTyping(after)]).toEqual(['', false]);
      if (!outboxBusy(before)) expectedCalls = [outboxCall(item)];
      break;
    }
    case 'reply.send': {
      if (!isOpen(before)) return unchanged();
      if (event.message.message_type === 'buttons' && (event.message.payloads.length === 0 || event.message.payloads[0] === SCRIPT_BUTTON)) {
        expect([context.composerError, context.outbox]).toEqual(['KEY_INVALID', previous.outbox]);
        break;
      }
      const item = context.outbox.at(-1)!;
      expect(item).toMatchObject({ id: event.message.deliver.id, step: 'send', status: 'queued', message: event.message });
      if (!outboxBusy(before)) expectedCalls = [outboxCall(item)];
      break;
    }
    case 'media.pick': {
      if (!isOpen(before)) return unchanged();
      const refusal = event.file === HUGE_PHOTO ? 'CHAT_FILE_TOO_LARGE' : event.file === DOCUMENT || event.file === EMPTY_PHOTO ? 'CHAT_FILE_NOT_SUPPORTED' : null;
      if (refusal) {
        expect([context.composerError, context.outbox]).toEqual([refusal, previous.outbox]);
        break;
      }
      expect(event.file).toBe(PHOTO);
      const item = context.outbox.at(-1)!;
      expect(item).toMatchObject({ id: event.id, step: 'upload', status: 'queued', file: PHOTO, fileType: 'image', progress: 0 });
      if (!outboxBusy(before)) expectedCalls = [outboxCall(item)];
      break;
    }
    case 'upload.progress': {
      const was = previous.outbox.find((item) => item.id === event.id)!;
      const expected = Math.min(1, Math.max(was.progress, event.fraction));
      expect(context.outbox.find((item) => item.id === event.id)!.progress).toBe(expected);
      break;
    }
    case 'xstate.done.actor.uploadMedia':
    case 'xstate.error.actor.uploadMedia': {
      const item = firstQueued(previous)!;
      if (failure) {
        expect(context.outbox.find((other) => other.id === item.id)).toEqual({ ...item, status: 'failed', error: failure });
      } else {
        const { path, url } = answer!.data as { path: string; url: string };
        // The file is stored: what is left is sending it as a media message (a retry does not upload again).
        expect(context.outbox.find((other) => other.id === item.id)).toMatchObject({
          step: 'send',
          status: 'queued',
          file: null,
          previewUrl: url,
          progress: 1,
          message: { message_type: 'media', payload: { fileType: 'image', filePath: path }, deliver: { id: item.id } },
        });
      }
      expectedCalls = nextOutboxCall();
      break;
    }
    case 'xstate.done.actor.sendReply':
    case 'xstate.error.actor.sendReply': {
      const item = firstQueued(previous)!;
      if (failure) {
        expect(context.outbox.find((other) => other.id === item.id)).toEqual({ ...item, status: 'failed', error: failure });
        expect(context.messages).toEqual(previous.messages);
      } else {
        const stored = answer!.data as { _id: string; createdAt: string };
        expect(context.outbox.some((other) => other.id === item.id)).toBe(false);
        const shown = item.conversationId === previous.selectedId && previous.panel !== null;
        const reply = context.messages.find((message) => message._id === stored._id);
        // The reply shows in its conversation at once (the socket's copy replaces it later); not in another one.
        expect(reply === undefined).toBe(!shown);
        if (reply) {
          expect(reply).toMatchObject({ sender: 'agent', createdAt: stored.createdAt, message: { message_type: item.message!.message_type, deliver: { id: item.id, status: 'succeed' } } });
        }
      }
      expectedCalls = nextOutboxCall();
      break;
    }
    case 'conversation.end': {
      if (!isOpen(before)) return unchanged();
      if (previous.outbox.some((item) => item.step === 'end' && item.conversationId === previous.selectedId)) return unchanged();
      const item = context.outbox.at(-1)!;
      expect(item).toMatchObject({ id: event.id, conversationId: previous.selectedId, step: 'end', status: 'queued' });
      if (!outboxBusy(before)) expectedCalls = [outboxCall(item)];
      break;
    }
    case 'xstate.done.actor.endConversation':
    case 'xstate.error.actor.endConversation': {
      const item = firstQueued(previous)!;
      if (failure) {
        expect(context.outbox.find((other) => other.id === item.id)).toEqual({ ...item, status: 'failed', error: failure });
      } else {
        expect(context.outbox.some((other) => other.id === item.id)).toBe(false);
        expect(context.ended).toContain(item.conversationId);
        // The newest page is read again, in case the socket is down.
        if (item.conversationId === previous.selectedId && inState(before, { conversation: { open: { history: 'idle' } } })) {
          expectedCalls.push({ actor: 'catchUp', input: { id: previous.selectedId } });
        }
      }
      expectedCalls.push(...nextOutboxCall());
      break;
    }
    case 'outbox.retry':
    case 'outbox.discard': {
      const item = previous.outbox.find((other) => other.id === event.id);
      if (item?.status !== 'failed') return unchanged();
      const others = previous.outbox.filter((other) => other.id !== event.id);
      if (event.type === 'outbox.discard') {
        expect(context.outbox).toEqual(others);
        break;
      }
      // Sent after what is queued now.
      expect(context.outbox).toEqual([...others, { ...item, status: 'queued', error: null, progress: 0 }]);
      if (!outboxBusy(before)) expectedCalls = nextOutboxCall();
      break;
    }

    // ---------------------------------------------------------------- canned replies
    case 'canned.open':
      if (!inState(before, { canned: 'idle' }) && !inState(before, { canned: 'failed' })) return unchanged();
      expect([after.matches({ canned: 'loading' }), context.cannedError]).toEqual([true, null]);
      expectedCalls = [{ actor: 'loadCanned', input: undefined }];
      break;
    case 'xstate.done.actor.loadCanned':
    case 'xstate.error.actor.loadCanned':
      if (failure) {
        expect([after.matches({ canned: 'failed' }), context.cannedError]).toEqual([true, failure]);
      } else {
        expect([after.matches({ canned: 'ready' }), context.canned]).toEqual([true, (answer!.data as { replies: unknown }).replies]);
      }
      break;
    case 'canned.change': {
      if (!inState(before, { canned: 'ready' })) return unchanged();
      const change = event.change;
      // The server's codes: a bad title is a bad field (KEY_INVALID), a bad text CHAT_TEXT_INVALID; the title is checked first.
      const refusal = change.action === 'save' ? (change.title.trim() === '' ? 'KEY_INVALID' : change.text.trim() === '' ? 'CHAT_TEXT_INVALID' : null) : null;
      if (previous.canEditCanned === false || refusal) {
        expect([after.matches({ canned: 'ready' }), context.cannedError, context.canned]).toEqual([
          true,
          previous.canEditCanned === false ? 'UNAUTHORIZED' : refusal,
          previous.canned,
        ]);
        break;
      }
      expect(after.matches({ canned: 'saving' })).toBe(true);
      expectedCalls = [{ actor: 'changeCanned', input: change }];
      break;
    }
    case 'xstate.done.actor.changeCanned':
    case 'xstate.error.actor.changeCanned': {
      expect(after.matches({ canned: 'ready' })).toBe(true);
      if (failure) {
        expect([context.cannedError, context.canned]).toEqual([failure, previous.canned]);
        // Refused as not an admin: the edits go away.
        expect(context.canEditCanned).toBe(failure === 'UNAUTHORIZED' ? false : previous.canEditCanned);
        break;
      }
      const changed = answer!.data as { saved: { id: string } } | { deleted: string };
      if ('deleted' in changed) {
        expect(context.canned).toEqual(previous.canned.filter((reply) => reply.id !== changed.deleted));
      } else {
        expect(context.canned.filter((reply) => reply.id === changed.saved.id)).toEqual([changed.saved]);
        expect(context.canned.length).toBe(previous.canned.length + (previous.canned.some((reply) => reply.id === changed.saved.id) ? 0 : 1));
      }
      expect([context.cannedError, context.canEditCanned]).toEqual([null, true]);
      // The view closes the change's form: the server took it.
      expectedEmitted = [{ type: 'canned.saved' }];
      break;
    }

    default: {
      const delay = /^xstate\.after\.(\w+)\./.exec(event.type)?.[1];
      if (delay === 'loaderDelay') {
        expect(waited).toBe(LOADER_DELAY_MS);
        const slow = event.type.includes('.list.') ? { list: { loading: 'slow' } } : { conversation: { opening: 'slow' } };
        expect(after.matches(slow)).toBe(true);
      } else if (delay === 'searchDelay') {
        expect([waited, after.matches({ list: 'loading' })]).toEqual([SEARCH_DELAY, true]);
        expectedCalls = [{ actor: 'loadInbox', input: { q: previous.query.trim(), skip: 0 } }];
      } else if (delay === 'typingPause') {
        expect([waited, agentTyping(after)]).toEqual([TYPING_PAUSE, false]);
      } else if (delay === 'memberTypingTimeout') {
        expect([waited, context.memberTyping]).toEqual([MEMBER_TYPING_TIMEOUT, false]);
      } else {
        throw new Error(`no check for ${event.type}`);
      }
    }
  }
  expect(byActor(calls)).toEqual(byActor(expectedCalls));
  expect(actions).toEqual(expectedActions);
  expect(emitted).toEqual(expectedEmitted);
}

describeModels('agent-inbox', agentInboxModels, { tags, check });
