import { assertEvent, assign, emit, enqueueActions, raise, setup } from 'xstate';
import { CHAT_PAGE_SIZE, type ChatMessage, type ChatMessageBody } from '../../src/contract/chat.ts';
import { cannedReplyRefusal, chatAttachmentType, chatFileRefusal, chatTextRefusal } from '../../src/contract/rules/chat.ts';
import { nearBottom, scrolledAway } from '../chat-history/auto-scroll.ts';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { loaderDelays } from '../shared/delays.ts';
import { answeredFailure, noAnswer } from '../shared/read-failure.ts';
import { failureMessage, NETWORK_ERROR, okData, type Result } from '../shared/result.ts';
import { socketLinkFor } from '../socket-link/socket-link.machine.ts';
import type { SocketLinkEvent, SocketLinkOutput } from '../socket-link/socket-link.types.ts';
import { appendConversations, byLastMessage, mergeByIdLaterWins, rememberRoom, replyRefusal, upsertConversation } from './agent-inbox.rules.ts';
import type {
  AgentInboxContext,
  AgentInboxEmitted,
  AgentInboxEvent,
  AgentInboxInput,
  AgentInboxTag,
  CannedAnswer,
  CannedChange,
  CannedChangeAnswer,
  ConversationInput,
  DoneAnswer,
  HistoryAnswer,
  InboxAnswer,
  InboxQueryInput,
  OlderInput,
  OpenAnswer,
  OutboxItem,
  ReplyInput,
  SentAnswer,
  UploadAnswer,
  UploadInput,
} from './agent-inbox.types.ts';

/** The search waits this long after the last keystroke before it asks the server. */
export const SEARCH_DELAY_MS = 300;
/** The agent is no longer typing after this long without a keystroke (the socket's 'typing' false). */
export const TYPING_PAUSE_MS = 3000;
/** A customer's "typing" fades after this long without news (a widget closed mid-word sends no false). */
export const MEMBER_TYPING_TIMEOUT_MS = 8000;

/** The item the outbox works on: the first queued one (a retried item moves to the end, so this never changes mid-flight). */
const nextItem = (context: AgentInboxContext): OutboxItem | undefined => context.outbox.find((item) => item.status === 'queued');

const withoutItem = (outbox: readonly OutboxItem[], id: string) => outbox.filter((item) => item.id !== id);

/** The open conversation's room, once its panel is read. */
const openRoom = (context: AgentInboxContext): string | null => context.panel?.conversation.room ?? null;

/** A live message belongs to the open conversation: the agents' copy names it; a room copy names its customer. */
function inOpenConversation(context: AgentInboxContext, message: ChatMessage): boolean {
  const open = context.panel?.conversation;
  if (!open || context.selectedId === null) return false;
  if (message.conversationId !== undefined) return message.conversationId === context.selectedId;
  return (open.userId !== null && message.userId === open.userId) || (open.guestId !== null && message.guestId === open.guestId);
}

/** The stored reply as the history shows it until the socket's copy replaces it. */
function storedReply(context: AgentInboxContext, item: OutboxItem, stored: { _id: string; createdAt: string }): ChatMessage {
  const conversation = context.panel!.conversation;
  const sent = item.message!;
  // A file shows from the upload's signed link until the server's copy (with its own link) arrives.
  const message = (
    sent.message_type === 'media' && item.previewUrl
      ? { ...sent, payload: { ...sent.payload, filePath: item.previewUrl, url: true }, deliver: { ...sent.deliver, status: 'succeed' } }
      : { ...sent, deliver: { ...sent.deliver, status: 'succeed' } }
  ) as ChatMessageBody;
  return {
    _id: stored._id,
    sender: 'agent',
    message,
    userId: conversation.userId,
    guestId: conversation.guestId,
    username: null,
    name: null,
    deviceToken: null,
    createdAt: stored.createdAt,
    session_id: context.messages.at(-1)?.session_id ?? '',
    conversationId: context.selectedId ?? undefined,
  };
}

function queued(conversationId: string, id: string, fields: Partial<OutboxItem>): OutboxItem {
  return {
    id,
    conversationId,
    step: 'send',
    status: 'queued',
    message: null,
    file: null,
    fileType: null,
    previewUrl: null,
    progress: 0,
    error: null,
    ...fields,
  };
}

const failItem = (context: AgentInboxContext, error: string) => {
  const item = nextItem(context)!;
  return { outbox: context.outbox.map((other) => (other.id === item.id ? { ...other, status: 'failed' as const, error } : other)) };
};

const failedInList = (context: AgentInboxContext, id: string) => context.outbox.some((item) => item.id === id && item.status === 'failed');

export const agentInboxMachine = setup({
  types: {
    context: {} as AgentInboxContext,
    events: {} as AgentInboxEvent,
    input: {} as AgentInboxInput,
    tags: {} as AgentInboxTag,
    emitted: {} as AgentInboxEmitted,
  },
  actors: {
    loadInbox: notProvided<InboxAnswer, InboxQueryInput>('loadInbox'),
    openConversation: notProvided<OpenAnswer, ConversationInput>('openConversation'),
    loadOlder: notProvided<HistoryAnswer, OlderInput>('loadOlder'),
    catchUp: notProvided<HistoryAnswer, ConversationInput>('catchUp'),
    markRead: notProvided<DoneAnswer, ConversationInput>('markRead'),
    sendReply: notProvided<SentAnswer, ReplyInput>('sendReply'),
    uploadMedia: notProvided<UploadAnswer, UploadInput>('uploadMedia'),
    endConversation: notProvided<DoneAnswer, ConversationInput>('endConversation'),
    loadCanned: notProvided<CannedAnswer>('loadCanned'),
    changeCanned: notProvided<CannedChangeAnswer, CannedChange>('changeCanned'),
    socketLink: socketLinkFor<AgentInboxEvent>(),
  },
  actions: {
    // ---- the list
    // A new search: the last one's failure no longer applies.
    setQuery: assign(({ event }) => {
      assertEvent(event, 'search.change');
      return { query: event.query, listError: null };
    }),
    showList: assign(({ context }, answer: InboxAnswer) => {
      const { conversations, total } = okData(answer);
      return { conversations: byLastMessage(conversations), total, shownQuery: context.query, listError: null };
    }),
    appendList: assign(({ context }, answer: InboxAnswer) => {
      const { conversations, total } = okData(answer);
      return { conversations: appendConversations(context.conversations, conversations), total, listError: null };
    }),
    showListFailure: assign((_, params: { message: string }) => ({ listError: params.message })),
    clearListError: assign({ listError: null }),

    // ---- the conversation
    selectConversation: assign(({ context, event }) => {
      assertEvent(event, 'conversation.select');
      return {
        selectedId: event.id,
        panel: null,
        messages: [],
        historyEnd: false,
        conversationError: null,
        historyError: null,
        memberTyping: false,
        customerReadAt: null,
        readAgain: false,
        draft: '',
        composerError: null,
        postbacks: context.postbacks.filter((id) => id !== event.id),
      };
    }),
    unselect: assign({
      selectedId: null,
      panel: null,
      messages: [],
      historyEnd: false,
      conversationError: null,
      historyError: null,
      memberTyping: false,
      customerReadAt: null,
      readAgain: false,
      draft: '',
      composerError: null,
    }),
    clearConversationError: assign({ conversationError: null }),
    showConversation: assign((_, answer: OpenAnswer) => {
      const { panel, messages } = okData(answer);
      // The page comes newest first.
      return { panel, messages: mergeByIdLaterWins(messages), historyEnd: messages.length < CHAT_PAGE_SIZE, conversationError: null };
    }),
    showConversationFailure: assign((_, params: { message: string }) => ({ conversationError: params.message })),
    prependOlder: assign(({ context }, answer: HistoryAnswer) => {
      const page = okData(answer);
      return { messages: mergeByIdLaterWins(page, context.messages), historyEnd: page.length < CHAT_PAGE_SIZE, historyError: null };
    }),
    mergeNewest: assign(({ context }, answer: HistoryAnswer) => ({ messages: mergeByIdLaterWins(context.messages, okData(answer)) })),
    showHistoryFailure: assign((_, params: { message: string }) => ({ historyError: params.message })),
    clearHistoryError: assign({ historyError: null }),
    // The conversation's row says nothing is unread any more (the server's 'inbox' event says so too, when the socket is up).
    clearUnread: assign(({ context }) => ({
      conversations: context.conversations.map((conversation) =>
        conversation.id === context.selectedId ? { ...conversation, unread: 0 } : conversation,
      ),
    })),
    askReadAgain: assign({ readAgain: true }),
    clearReadAgain: assign({ readAgain: false }),
    startMemberTyping: assign({ memberTyping: true }),
    stopMemberTyping: assign({ memberTyping: false }),

    // ---- the composer and the outbox
    setDraft: assign(({ event }) => {
      assertEvent(event, 'draft.change');
      return { draft: event.text, composerError: null };
    }),
    queueDraft: assign(({ context, event }) => {
      assertEvent(event, 'draft.send');
      const message: ChatMessageBody = { message_type: 'text', payload: { text: context.draft.trim() }, deliver: { id: event.id, status: 'sending' } };
      return { draft: '', composerError: null, outbox: [...context.outbox, queued(context.selectedId!, event.id, { message })] };
    }),
    refuseDraft: assign(({ context }) => ({ composerError: chatTextRefusal(context.draft) })),
    // The builders check their fields; a message the contract refuses is not sent.
    refuseReply: assign(({ event }) => {
      assertEvent(event, 'reply.send');
      return { composerError: replyRefusal(event.message) };
    }),
    queueReply: assign(({ context, event }) => {
      assertEvent(event, 'reply.send');
      return { composerError: null, outbox: [...context.outbox, queued(context.selectedId!, event.message.deliver.id, { message: event.message })] };
    }),
    queueMedia: assign(({ context, event }) => {
      assertEvent(event, 'media.pick');
      // The guard took the file: its name has a type.
      const fileType = chatAttachmentType(event.file.name)!;
      return { composerError: null, outbox: [...context.outbox, queued(context.selectedId!, event.id, { step: 'upload', file: event.file, fileType })] };
    }),
    refuseMedia: assign(({ event }) => {
      assertEvent(event, 'media.pick');
      return { composerError: chatFileRefusal(event.file)?.code ?? null };
    }),
    queueEnd: assign(({ context, event }) => {
      assertEvent(event, 'conversation.end');
      return { outbox: [...context.outbox, queued(context.selectedId!, event.id, { step: 'end' })] };
    }),
    // A retried item goes to the end: it is sent after what is queued now, and the item in flight stays the first queued one.
    retryItem: assign(({ context, event }) => {
      assertEvent(event, 'outbox.retry');
      const item = context.outbox.find((other) => other.id === event.id)!;
      return { outbox: [...withoutItem(context.outbox, event.id), { ...item, status: 'queued' as const, error: null, progress: 0 }] };
    }),
    discardItem: assign(({ context, event }) => {
      assertEvent(event, 'outbox.discard');
      return { outbox: withoutItem(context.outbox, event.id) };
    }),
    setProgress: assign(({ context, event }) => {
      assertEvent(event, 'upload.progress');
      return {
        outbox: context.outbox.map((item) =>
          // Never backwards, never past the end, whatever the transport reports.
          item.id === event.id ? { ...item, progress: Math.min(1, Math.max(item.progress, event.fraction)) } : item,
        ),
      };
    }),
    storeUpload: assign(({ context }, answer: UploadAnswer) => {
      const item = nextItem(context)!;
      const { path, url } = okData(answer);
      const message: ChatMessageBody = {
        message_type: 'media',
        payload: { message: '', url: false, fileType: item.fileType!, filePath: path },
        deliver: { id: item.id, status: 'sending' },
      };
      return {
        outbox: context.outbox.map((other) =>
          other.id === item.id ? { ...other, step: 'send' as const, message, file: null, previewUrl: url, progress: 1 } : other,
        ),
      };
    }),
    storeReply: assign(({ context }, answer: SentAnswer) => {
      const item = nextItem(context)!;
      const shown = item.conversationId === context.selectedId && context.panel !== null;
      return {
        outbox: withoutItem(context.outbox, item.id),
        messages: shown ? mergeByIdLaterWins([storedReply(context, item, okData(answer))], context.messages) : context.messages,
      };
    }),
    dropEnded: assign(({ context }) => {
      const item = nextItem(context)!;
      return { outbox: withoutItem(context.outbox, item.id), ended: [...context.ended.filter((id) => id !== item.conversationId), item.conversationId] };
    }),
    failItem: assign(({ context }, params: { message: string }) => failItem(context, params.message)),
    // The conversation that ended shows its end marker even when the socket is down.
    catchUpEnded: enqueueActions(({ context, enqueue }) => {
      if (nextItem(context)?.conversationId === context.selectedId) enqueue.raise({ type: 'history.catchUp' });
    }),

    // ---- canned replies
    storeCanned: assign((_, answer: CannedAnswer) => ({ canned: okData(answer).replies, cannedError: null })),
    showCannedFailure: assign((_, params: { message: string }) => ({ cannedError: params.message })),
    refuseCannedChange: assign(({ context, event }) => {
      assertEvent(event, 'canned.change');
      // Refused before asking the server: this agent is no admin (a deletion is refused for nothing else), or the reply breaks its rule.
      if (context.canEditCanned === false || event.change.action === 'delete') return { cannedError: 'UNAUTHORIZED' };
      return { cannedError: cannedReplyRefusal(event.change) };
    }),
    clearCannedError: assign({ cannedError: null }),
    applyCannedChange: assign(({ context }, answer: CannedChangeAnswer) => {
      const changed = okData(answer);
      if ('deleted' in changed) return { canned: context.canned.filter((reply) => reply.id !== changed.deleted), cannedError: null, canEditCanned: true };
      const known = context.canned.some((reply) => reply.id === changed.saved.id);
      return {
        canned: known ? context.canned.map((reply) => (reply.id === changed.saved.id ? changed.saved : reply)) : [...context.canned, changed.saved],
        cannedError: null,
        canEditCanned: true,
      };
    }),
    cannedSaved: emit({ type: 'canned.saved' } satisfies AgentInboxEmitted),
    // Only an admin changes canned replies: a refusal says this agent is not one, and the edits go away.
    refuseCanned: assign((_, answer: CannedChangeAnswer) => {
      const message = failureMessage(answer);
      return message === 'UNAUTHORIZED' ? { cannedError: message, canEditCanned: false } : { cannedError: message };
    }),

    // ---- the socket
    updateConversation: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'socket.inbox');
      const { conversation, postback } = event;
      const list = upsertConversation(context.conversations, context.total, conversation, context.shownQuery.trim() !== '');
      const isOpen = conversation.id === context.selectedId;
      enqueue.assign({
        ...list,
        panel: isOpen && context.panel ? { ...context.panel, conversation } : context.panel,
        postbacks: postback && !isOpen && !context.postbacks.includes(conversation.id) ? [...context.postbacks, conversation.id] : context.postbacks,
      });
    }),
    receiveMessage: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'socket.message');
      const { conversationId } = event.message;
      // A message after the end belongs to the customer's next session.
      if (conversationId !== undefined && context.ended.includes(conversationId)) enqueue.assign({ ended: context.ended.filter((id) => id !== conversationId) });
      if (!inOpenConversation(context, event.message)) return;
      enqueue.assign({ messages: mergeByIdLaterWins(context.messages, [event.message]) });
      if (event.message.sender === 'customer') {
        enqueue.raise({ type: 'member.typing', typing: false });
        enqueue.raise({ type: 'read.mark' });
      }
    }),
    receiveTyping: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'socket.typing');
      if (event.sender === 'customer' && event.room === openRoom(context)) enqueue.raise({ type: 'member.typing', typing: event.typing });
    }),
    receiveRead: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'socket.read');
      if (event.sender === 'customer' && event.room === openRoom(context)) enqueue.assign({ customerReadAt: event.readAt });
    }),
    setPresence: assign(({ event }) => {
      assertEvent(event, 'socket.presence');
      return { agentsOnline: event.agents };
    }),
    // Back after a drop: what changed meanwhile came as events nobody heard; read the list and the open conversation again.
    setConnection: enqueueActions(({ context, event, enqueue }) => {
      const connected = event.type === 'link.up';
      enqueue.assign({ online: connected });
      if (connected && context.online === false) {
        enqueue.raise({ type: 'list.refresh' });
        enqueue.raise({ type: 'history.catchUp' });
      }
    }),
    typingChanged: raise(({ event }) => {
      assertEvent(event, 'draft.change');
      return { type: 'agent.typing' as const, typing: event.text.trim() !== '' };
    }),
    typingStopped: raise({ type: 'agent.typing', typing: false }),

    // The open conversation's room, joined now and again after every reconnect.
    // Commands go to the link only while connected: socket.io would otherwise send them late, on its next connect (twice).
    joinRoom: enqueueActions(({ context, enqueue }, { room }: { room: string }) => {
      enqueue.assign({ rooms: rememberRoom(context.rooms, room) });
      if (context.online === true) enqueue.sendTo('socketLink', { type: 'link.join', room } satisfies SocketLinkEvent);
    }),
    rejoinRooms: enqueueActions(({ context, enqueue }) => {
      for (const room of context.rooms) enqueue.sendTo('socketLink', { type: 'link.join', room } satisfies SocketLinkEvent);
    }),
    sendTyping: enqueueActions(({ context, enqueue }, params: { room: string; typing: boolean }) => {
      if (context.online === true) enqueue.sendTo('socketLink', { type: 'link.typing', ...params } satisfies SocketLinkEvent);
    }),
    // The socket is gone: nothing is sent to it, and coming back reads what was missed.
    failSocket: assign((_, { message }: { message: string }) => ({ socketFailure: message, online: false })),
    clearSocketFailure: assign({ socketFailure: null }),
    // Provided by the view: the server refused the socket for good (the operator's session ends there).
    refused: (_, _params: { message: string }) => {},
    // Provided by the view: background reads that failed are only logged.
    logFailure: (_, _params: { message: string }) => {},
  },
  guards: {
    succeeded: (_, answer: Result<unknown>) => answer.ok,
    moreToLoad: ({ context }) => context.conversations.length < context.total,
    alreadyOpen: ({ context, event }) => event.type === 'conversation.select' && event.id === context.selectedId,
    olderToLoad: ({ context }) => !context.historyEnd,
    readAgain: ({ context }) => context.readAgain,
    replyFits: ({ event }) => event.type === 'reply.send' && replyRefusal(event.message) === null,
    draftFits: ({ context }) => chatTextRefusal(context.draft) === null,
    draftEmpty: ({ context }) => context.draft.trim() === '',
    mediaAccepted: ({ event }) => event.type === 'media.pick' && chatFileRefusal(event.file) === null,
    itemFailed: ({ context, event }) => (event.type === 'outbox.retry' || event.type === 'outbox.discard') && failedInList(context, event.id),
    // One end request per conversation at a time.
    endQueued: ({ context }) => context.outbox.some((item) => item.step === 'end' && item.conversationId === context.selectedId),
    nextUpload: ({ context }) => nextItem(context)?.step === 'upload',
    nextSend: ({ context }) => nextItem(context)?.step === 'send',
    nextEnd: ({ context }) => nextItem(context)?.step === 'end',
    typing: ({ event }) => (event.type === 'member.typing' || event.type === 'agent.typing') && event.typing,
    // The widget's auto-scroll rule: only the agent's own scrolling up unpins the view.
    scrolledAway: ({ event }) => {
      assertEvent(event, 'history.scrolled');
      return scrolledAway(event.distanceFromBottom, event.towardsTop);
    },
    backNearBottom: ({ event }) => {
      assertEvent(event, 'history.scrolled');
      return nearBottom(event.distanceFromBottom);
    },
    // The link was refused for good (a token no good here, a session revoked under it): the session ends.
    linkRefused: (_, output: SocketLinkOutput) => output.outcome === 'refused',
    cannedEditRefused: ({ context, event }) => {
      if (context.canEditCanned === false) return true;
      if (event.type !== 'canned.change' || event.change.action === 'delete') return false;
      return cannedReplyRefusal(event.change) !== null;
    },
  },
  delays: {
    ...loaderDelays,
    searchDelay: SEARCH_DELAY_MS,
    typingPause: TYPING_PAUSE_MS,
    memberTypingTimeout: MEMBER_TYPING_TIMEOUT_MS,
  },
}).createMachine({
  id: 'agentInbox',
  description:
    'The agent inbox (issue 14 part 2): the conversations, newest first, kept current by the socket and searched by phone or name; one conversation open with its customer panel, history paging and read state; what the agent sends (text, built messages, media after its upload, ending the conversation) goes out in order, a failed item waits for a retry; canned replies, which only an admin changes; typing both ways.',
  context: ({ input }) => ({
    query: '',
    shownQuery: '',
    conversations: [],
    total: 0,
    listError: null,
    postbacks: [],
    selectedId: null,
    panel: null,
    messages: [],
    historyEnd: false,
    conversationError: null,
    historyError: null,
    memberTyping: false,
    customerReadAt: null,
    readAgain: false,
    draft: '',
    composerError: null,
    outbox: [],
    ended: [],
    canned: [],
    cannedError: null,
    canEditCanned: input.canEditCanned,
    online: null,
    agentsOnline: null,
    rooms: [],
    socketFailure: null,
  }),
  type: 'parallel',
  on: {
    'socket.inbox': { actions: 'updateConversation' },
    'socket.message': { actions: 'receiveMessage' },
    'socket.typing': { actions: 'receiveTyping' },
    'socket.read': { actions: 'receiveRead' },
    'socket.presence': { actions: 'setPresence' },
    'draft.change': { actions: ['setDraft', 'typingChanged'] },
  },
  states: {
    list: {
      description: 'The conversations: a search waits for a pause in typing; the next page on scrolling down; the socket reloads it after a drop.',
      initial: 'loading',
      // Not `reenter`: the list's own state starts again (debouncing too), while the other regions, the socket among them, stay.
      on: { 'search.change': { target: '.debouncing', actions: 'setQuery' } },
      states: {
        debouncing: {
          tags: 'list:loading',
          after: { searchDelay: 'loading' },
        },
        loading: {
          tags: 'list:loading',
          initial: 'quiet',
          states: {
            quiet: { after: { loaderDelay: 'slow' } },
            slow: { tags: 'list:skeleton' },
          },
          invoke: {
            id: 'loadInbox',
            src: 'loadInbox',
            input: ({ context }) => ({ q: context.query.trim(), skip: 0 }),
            onDone: [
              { guard: { type: 'succeeded', params: actorOutput }, target: 'ready', actions: { type: 'showList', params: actorOutput } },
              { target: 'failed', actions: { type: 'showListFailure', params: answeredFailure } },
            ],
            onError: { target: 'failed', actions: { type: 'showListFailure', params: noAnswer } },
          },
        },
        ready: {
          on: {
            'list.more': { guard: 'moreToLoad', target: 'more' },
            'list.refresh': 'loading',
          },
        },
        more: {
          tags: 'list:more',
          invoke: {
            id: 'loadMore',
            src: 'loadInbox',
            input: ({ context }) => ({ q: context.shownQuery.trim(), skip: context.conversations.length }),
            onDone: [
              { guard: { type: 'succeeded', params: actorOutput }, target: 'ready', actions: { type: 'appendList', params: actorOutput } },
              { target: 'ready', actions: { type: 'showListFailure', params: answeredFailure } },
            ],
            onError: { target: 'ready', actions: { type: 'showListFailure', params: noAnswer } },
          },
        },
        failed: {
          tags: 'list:failed',
          description: 'The list could not be read: the reason and a retry show.',
          on: {
            'list.retry': { target: 'loading', actions: 'clearListError' },
            'list.refresh': { target: 'loading', actions: 'clearListError' },
          },
        },
      },
    },

    conversation: {
      description: 'At most one conversation open; on phones the list and the conversation take turns.',
      initial: 'none',
      on: {
        'conversation.select': [{ guard: 'alreadyOpen' }, { target: '.opening', actions: 'selectConversation' }],
        'conversation.close': { target: '.none', actions: 'unselect' },
      },
      states: {
        none: {},
        opening: {
          tags: 'conversation:loading',
          initial: 'quiet',
          states: {
            quiet: { after: { loaderDelay: 'slow' } },
            slow: { tags: 'conversation:skeleton' },
          },
          invoke: {
            id: 'openConversation',
            src: 'openConversation',
            input: ({ context }) => ({ id: context.selectedId! }),
            onDone: [
              {
                guard: { type: 'succeeded', params: actorOutput },
                target: 'open',
                actions: [
                  { type: 'showConversation', params: actorOutput },
                  { type: 'joinRoom', params: ({ context }) => ({ room: openRoom(context)! }) },
                ],
              },
              { target: 'failed', actions: { type: 'showConversationFailure', params: answeredFailure } },
            ],
            onError: { target: 'failed', actions: { type: 'showConversationFailure', params: noAnswer } },
          },
        },
        failed: {
          tags: 'conversation:failed',
          on: { 'conversation.retry': { target: 'opening', actions: 'clearConversationError' } },
        },
        open: {
          tags: 'conversation:open',
          type: 'parallel',
          on: {
            'draft.send': [
              { guard: 'draftEmpty' },
              { guard: 'draftFits', actions: ['queueDraft', 'typingStopped'] },
              { actions: 'refuseDraft' },
            ],
            'reply.send': [{ guard: 'replyFits', actions: 'queueReply' }, { actions: 'refuseReply' }],
            'media.pick': [{ guard: 'mediaAccepted', actions: 'queueMedia' }, { actions: 'refuseMedia' }],
            'conversation.end': [{ guard: 'endQueued' }, { actions: ['queueEnd', 'typingStopped'] }],
          },
          states: {
            history: {
              description: 'Older pages as the agent scrolls up; after a drop, the newest page merged in.',
              initial: 'idle',
              states: {
                idle: {
                  on: {
                    'history.older': { guard: 'olderToLoad', target: 'older', actions: 'clearHistoryError' },
                    'history.catchUp': 'catchingUp',
                  },
                },
                older: {
                  tags: 'history:older',
                  invoke: {
                    id: 'loadOlder',
                    src: 'loadOlder',
                    input: ({ context }) => ({ id: context.selectedId!, skip: context.messages.length }),
                    onDone: [
                      { guard: { type: 'succeeded', params: actorOutput }, target: 'idle', actions: { type: 'prependOlder', params: actorOutput } },
                      { target: 'idle', actions: { type: 'showHistoryFailure', params: answeredFailure } },
                    ],
                    onError: { target: 'idle', actions: { type: 'showHistoryFailure', params: noAnswer } },
                  },
                },
                catchingUp: {
                  invoke: {
                    id: 'catchUp',
                    src: 'catchUp',
                    input: ({ context }) => ({ id: context.selectedId! }),
                    onDone: [
                      { guard: { type: 'succeeded', params: actorOutput }, target: 'idle', actions: { type: 'mergeNewest', params: actorOutput } },
                      { target: 'idle', actions: { type: 'logFailure', params: answeredFailure } },
                    ],
                    onError: { target: 'idle', actions: { type: 'logFailure', params: noAnswer } },
                  },
                },
              },
            },
            read: {
              description: 'Viewing is reading: marked on opening and at each customer message while open.',
              initial: 'marking',
              states: {
                idle: { on: { 'read.mark': 'marking' } },
                marking: {
                  on: { 'read.mark': { actions: 'askReadAgain' } },
                  invoke: {
                    id: 'markRead',
                    src: 'markRead',
                    input: ({ context }) => ({ id: context.selectedId! }),
                    onDone: [
                      { guard: 'readAgain', target: 'marking', reenter: true, actions: 'clearReadAgain' },
                      { guard: { type: 'succeeded', params: actorOutput }, target: 'idle', actions: 'clearUnread' },
                      { target: 'idle', actions: { type: 'logFailure', params: answeredFailure } },
                    ],
                    onError: [
                      { guard: 'readAgain', target: 'marking', reenter: true, actions: 'clearReadAgain' },
                      { target: 'idle', actions: { type: 'logFailure', params: noAnswer } },
                    ],
                  },
                },
              },
            },
            memberTyping: {
              initial: 'no',
              states: {
                no: { on: { 'member.typing': { guard: 'typing', target: 'yes', actions: 'startMemberTyping' } } },
                yes: {
                  after: { memberTypingTimeout: { target: 'no', actions: 'stopMemberTyping' } },
                  on: {
                    'member.typing': [
                      { guard: 'typing', target: 'yes', reenter: true },
                      { target: 'no', actions: 'stopMemberTyping' },
                    ],
                  },
                },
              },
            },
            view: {
              description: "Where the agent reads (spec 9 auto-scroll, the widget's rule): the view tells where it scrolled; while following, new messages keep it at the bottom.",
              initial: 'following',
              states: {
                following: {
                  tags: 'view:following',
                  description: 'Within 60 px of the bottom: what arrives scrolls into view.',
                  on: { 'history.scrolled': { guard: 'scrolledAway', target: 'scrolledUp' } },
                },
                scrolledUp: {
                  description: 'The agent scrolled up, away from the bottom: what arrives stays below until they come back near it.',
                  on: { 'history.scrolled': { guard: 'backNearBottom', target: 'following' } },
                },
              },
            },
            agentTyping: {
              description: "The socket hears 'typing' when the agent starts, and false after a pause, on sending, or on leaving the conversation.",
              initial: 'quiet',
              states: {
                quiet: {
                  on: {
                    'agent.typing': {
                      guard: 'typing',
                      target: 'typing',
                      actions: { type: 'sendTyping', params: ({ context }) => ({ room: openRoom(context)!, typing: true }) },
                    },
                  },
                },
                typing: {
                  exit: { type: 'sendTyping', params: ({ context }) => ({ room: openRoom(context)!, typing: false }) },
                  on: { 'agent.typing': 'quiet' },
                  initial: 'pause',
                  states: {
                    // Each keystroke starts the pause again without leaving 'typing' (which would tell the socket false).
                    pause: {
                      after: { typingPause: '#agentInbox.conversation.open.agentTyping.quiet' },
                      on: { 'agent.typing': { guard: 'typing', target: 'pause', reenter: true } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },

    outbox: {
      description: 'What the agent sends, one at a time in order: a file is uploaded, then sent as media; a failed item waits for retry or discard, and the rest go on.',
      initial: 'idle',
      on: {
        'outbox.retry': { guard: 'itemFailed', actions: 'retryItem' },
        'outbox.discard': { guard: 'itemFailed', actions: 'discardItem' },
        'upload.progress': { actions: 'setProgress' },
      },
      states: {
        idle: {
          always: [
            { guard: 'nextUpload', target: 'uploading' },
            { guard: 'nextSend', target: 'sending' },
            { guard: 'nextEnd', target: 'ending' },
          ],
        },
        uploading: {
          tags: 'outbox:busy',
          invoke: {
            id: 'uploadMedia',
            src: 'uploadMedia',
            input: ({ context, self }) => {
              const item = nextItem(context)!;
              return {
                conversationId: item.conversationId,
                file: item.file!,
                fileType: item.fileType!,
                reportProgress: (fraction: number) => self.send({ type: 'upload.progress', id: item.id, fraction }),
              };
            },
            onDone: [
              { guard: { type: 'succeeded', params: actorOutput }, target: 'idle', actions: { type: 'storeUpload', params: actorOutput } },
              { target: 'idle', actions: { type: 'failItem', params: answeredFailure } },
            ],
            onError: { target: 'idle', actions: { type: 'failItem', params: noAnswer } },
          },
        },
        sending: {
          tags: 'outbox:busy',
          invoke: {
            id: 'sendReply',
            src: 'sendReply',
            input: ({ context }) => {
              const item = nextItem(context)!;
              return { conversationId: item.conversationId, message: item.message! };
            },
            onDone: [
              { guard: { type: 'succeeded', params: actorOutput }, target: 'idle', actions: { type: 'storeReply', params: actorOutput } },
              { target: 'idle', actions: { type: 'failItem', params: answeredFailure } },
            ],
            onError: { target: 'idle', actions: { type: 'failItem', params: noAnswer } },
          },
        },
        ending: {
          tags: 'outbox:busy',
          invoke: {
            id: 'endConversation',
            src: 'endConversation',
            input: ({ context }) => ({ id: nextItem(context)!.conversationId }),
            onDone: [
              { guard: { type: 'succeeded', params: actorOutput }, target: 'idle', actions: ['catchUpEnded', 'dropEnded'] },
              { target: 'idle', actions: { type: 'failItem', params: answeredFailure } },
            ],
            onError: { target: 'idle', actions: { type: 'failItem', params: noAnswer } },
          },
        },
      },
    },

    socket: {
      description:
        "The agents' socket (machines/socket-link: it reconnects a socket socket.io gave up on 5 s later): it lives while live, and every connect joins the rooms remembered again. A token no good here ('invalid-token', 'UNAUTHORIZED', a session revoked under it) is the end (the view ends the session); too many sockets (REQUEST_LIMIT) or a broken socket show why, with a retry.",
      initial: 'live',
      states: {
        live: {
          invoke: {
            id: 'socketLink',
            src: 'socketLink',
            // A refusal a retry may cure (SERVER_ERROR) is tried again 5 s later.
            input: { guestToken: null, everyRefusalEnds: false },
            onDone: [
              { guard: { type: 'linkRefused', params: actorOutput }, target: 'refused', actions: { type: 'failSocket', params: actorOutput } },
              { target: 'failed', actions: { type: 'failSocket', params: actorOutput } },
            ],
            onError: { target: 'failed', actions: { type: 'failSocket', params: { message: NETWORK_ERROR } } },
          },
          on: {
            // Every connect joins the rooms again (they do not survive a reconnect).
            'link.up': { actions: ['setConnection', 'rejoinRooms'] },
            'link.down': { actions: 'setConnection' },
          },
        },
        failed: {
          tags: 'socket:failed',
          description: 'The socket gave up: too many inbox tabs (REQUEST_LIMIT) or it broke. The reason shows; the agent may try again.',
          on: { 'socket.retry': { target: 'live', actions: 'clearSocketFailure' } },
        },
        refused: {
          description: 'Refused for good: the view ends the operator\'s session.',
          entry: { type: 'refused', params: ({ context }) => ({ message: context.socketFailure! }) },
        },
      },
    },

    canned: {
      description: 'Canned replies, read when the picker first opens; an admin adds, changes and deletes them.',
      initial: 'idle',
      states: {
        idle: { on: { 'canned.open': 'loading' } },
        loading: {
          tags: 'canned:loading',
          invoke: {
            id: 'loadCanned',
            src: 'loadCanned',
            onDone: [
              { guard: { type: 'succeeded', params: actorOutput }, target: 'ready', actions: { type: 'storeCanned', params: actorOutput } },
              { target: 'failed', actions: { type: 'showCannedFailure', params: answeredFailure } },
            ],
            onError: { target: 'failed', actions: { type: 'showCannedFailure', params: noAnswer } },
          },
        },
        failed: {
          tags: 'canned:failed',
          on: { 'canned.open': { target: 'loading', actions: 'clearCannedError' } },
        },
        ready: {
          tags: 'canned:ready',
          on: {
            'canned.change': [{ guard: 'cannedEditRefused', actions: 'refuseCannedChange' }, { target: 'saving', actions: 'clearCannedError' }],
          },
        },
        saving: {
          tags: ['canned:ready', 'canned:saving'],
          invoke: {
            id: 'changeCanned',
            src: 'changeCanned',
            input: ({ event }) => {
              assertEvent(event, 'canned.change');
              return event.change;
            },
            onDone: [
              {
                guard: { type: 'succeeded', params: actorOutput },
                target: 'ready',
                actions: [{ type: 'applyCannedChange', params: actorOutput }, 'cannedSaved'],
              },
              { target: 'ready', actions: { type: 'refuseCanned', params: actorOutput } },
            ],
            onError: { target: 'ready', actions: { type: 'showCannedFailure', params: noAnswer } },
          },
        },
      },
    },
  },
});

