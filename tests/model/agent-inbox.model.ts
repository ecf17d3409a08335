/**
 * The agent inbox as test models. One machine, five flows, each offering
 * the gestures and socket events of one part of it, so that the regions do
 * not multiply each other's states: the list (search, paging, live rows,
 * reconnects); one conversation (opening, history paging, live messages,
 * typing and read state from the customer); where the agent reads in it
 * (scrolling away from the bottom and back); replying (text, built
 * messages, media with progress, ending, retries, the agent's typing); and
 * the canned replies (read, add, change, delete, an agent who is no admin);
 * and the socket link (drops, its ends: refused for good, too many tabs,
 * a retry; machines/socket-link has the socket's own model). Once the socket has failed or been
 * refused, the other flows offer nothing more (the socket flow's business).
 */
import type { CannedReply, ChatMessage, ChatMessageBody, InboxConversation } from '../../src/contract/chat.ts';
import { CHAT_PAGE_SIZE } from '../../src/contract/chat.ts';
import { CHAT_IMAGE_MAX_BYTES, CHAT_TEXT_MAX } from '../../src/contract/rules/chat.ts';
import { agentInboxMachine } from '../../machines/agent-inbox/agent-inbox.machine.ts';
import type {
  AgentInboxContext,
  CannedAnswer,
  CannedChangeAnswer,
  CustomerPanel,
  DoneAnswer,
  HistoryAnswer,
  InboxAnswer,
  OpenAnswer,
  SentAnswer,
  UploadAnswer,
} from '../../machines/agent-inbox/agent-inbox.types.ts';
import type { SocketLinkOutput } from '../../machines/socket-link/socket-link.types.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type AgentInbox = typeof agentInboxMachine;

// ---------------------------------------------------------------- fixtures

export const PREFIX = 'chat';

function conversation(id: string, fields: Partial<InboxConversation>): InboxConversation {
  return {
    id,
    room: `${PREFIX}-${fields.userId ?? fields.guestId}`,
    kind: fields.userId ? 'member' : 'guest',
    userId: null,
    guestId: null,
    name: '',
    phone: null,
    lastMessageAt: null,
    lastMessage: '',
    unread: 0,
    closed: false,
    ...fields,
  };
}

/** A member with two unread messages, a guest, and a third conversation the first page leaves out. */
export const MEMBER = conversation('1', {
  userId: '10',
  name: 'Somchai Jaidee',
  phone: '0812345678',
  lastMessageAt: '2026-03-02T10:00:00.000Z',
  lastMessage: 'Where is my deposit?',
  unread: 2,
});
export const GUEST = conversation('2', { guestId: 'g0123456789abcdef0123456789abcdef', name: 'Guest', lastMessageAt: '2026-03-02T09:00:00.000Z', lastMessage: 'Hello' });
export const THIRD = conversation('3', { userId: '30', name: 'Noi', phone: '0899999999', lastMessageAt: '2026-03-01T08:00:00.000Z', lastMessage: 'Thanks' });

/** The first page answers the guest first: the machine orders by last message. */
export const FIRST_PAGE = { conversations: [GUEST, MEMBER], total: 3 };

export const PANELS: Record<string, CustomerPanel> = {
  '1': {
    conversation: MEMBER,
    member: {
      userId: '10',
      name: 'Somchai Jaidee',
      phone: '0812345678',
      status: 'active',
      currency: 'BAHT',
      holdings: 1250.5,
      deposits: [{ amount: 500, createdAt: '2026-03-01T12:00:00.000Z', source: 'bank' }],
    },
  },
  '2': { conversation: GUEST, member: null },
};

const T0 = Date.parse('2026-03-02T00:00:00.000Z');

/** A customer's text in a conversation, `minute` minutes after T0. */
export function customerText(conversationId: string, minute: number, text = `message ${minute}`): ChatMessage {
  const owner = conversationId === '1' ? MEMBER : conversationId === '2' ? GUEST : THIRD;
  return {
    _id: `m${conversationId}-${String(1000 + minute)}`,
    sender: 'customer',
    message: { message_type: 'text', payload: { text }, deliver: { id: `d${conversationId}-${String(100000 + minute)}`, status: 'succeed' } },
    userId: owner.userId,
    guestId: owner.guestId,
    username: null,
    name: null,
    deviceToken: null,
    createdAt: new Date(T0 + minute * 60_000).toISOString(),
    session_id: 's1',
  };
}

/** A page as the server answers it: newest first, `count` messages ending `newest` minutes after T0. */
export function page(conversationId: string, newest: number, count: number): ChatMessage[] {
  return Array.from({ length: count }, (_, index) => customerText(conversationId, newest - index));
}

/** The agents' copy of a live message names its conversation. */
const agentsCopy = (message: ChatMessage): ChatMessage => ({ ...message, conversationId: message.userId === '10' ? '1' : '2' });

/** A file that names itself in model states and test titles (a File serializes as {}). */
function namedFile(name: string, bytes: number, type: string): File {
  const file = new File([new Uint8Array(Math.min(bytes, 16))], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return Object.assign(file, { toJSON: () => `${name} (${bytes} bytes)` });
}
export const PHOTO = namedFile('photo.jpg', 2048, 'image/jpeg');
export const HUGE_PHOTO = namedFile('huge.png', CHAT_IMAGE_MAX_BYTES + 1, 'image/png');
export const DOCUMENT = namedFile('notes.pdf', 2048, 'application/pdf');
/** A picture's name with nothing in it: the server reads no picture there. */
export const EMPTY_PHOTO = namedFile('empty.png', 0, 'image/png');

export const BUTTONS: Omit<ChatMessageBody, 'deliver'> = {
  message_type: 'buttons',
  payload: { text: 'How can we help?' },
  payloads: [
    { type: 'web', title: 'Open the how-to', payload: 'https://example.com/howto' },
    { type: 'postback', title: 'Deposit', payload: 'DEPOSIT' },
  ],
} as Omit<ChatMessageBody, 'deliver'>;

/** A web button whose address is a script (the contract wants an http(s) address). */
export const SCRIPT_BUTTON = { type: 'web', title: 'Open', payload: 'javascript:alert(1)' } as const;

export const CANNED: CannedReply[] = [
  { id: '1', title: 'Greeting', text: 'Hello, how can I help you today?' },
  { id: '2', title: 'Deposit time', text: 'Deposits arrive within 5 minutes.' },
];

/** The first deliver id no queued item or shown message uses: each send has its own. */
export function freshId(context: AgentInboxContext): string {
  const used = new Set([...context.outbox.map((item) => item.id), ...context.messages.map((message) => message.message.deliver.id)]);
  for (let n = 1; ; n++) {
    const id = `reply-${String(n).padStart(4, '0')}`;
    if (!used.has(id)) return id;
  }
}

// ---------------------------------------------------------------- answers

const FAILED = { ok: false, message: 'INTERNAL_SERVER_ERROR' } as const;

const inList = (snapshot: { matches: (state: object) => boolean }) => snapshot.matches({ list: 'more' });

const listReplies = (snapshot: Parameters<typeof inList>[0]): InboxAnswer[] =>
  inList(snapshot)
    ? [{ ok: true, data: { conversations: [THIRD], total: 3 } }, FAILED]
    : [{ ok: true, data: FIRST_PAGE }, { ok: true, data: { conversations: [], total: 0 } }, FAILED];

const opened = (id: string, messages: ChatMessage[]): OpenAnswer => ({ ok: true, data: { panel: PANELS[id]!, messages } });

// ---------------------------------------------------------------- events

const none = () => [] as never[];
const is = (snapshot: { matches: (state: object) => boolean }, state: object) => snapshot.matches(state);

/** The link says the socket connected (again, after a drop), or dropped. */
const linkUp = () => [{ type: 'link.up' as const }];
const linkDown = (context: AgentInboxContext) => (context.online === false ? [] : [{ type: 'link.down' as const }]);
const connection = (context: AgentInboxContext) => [...linkUp(), ...linkDown(context)];

/** Whether the socket lives (it has not failed or been refused). */
const socketLive = (snapshot: { matches: (state: object) => boolean }) => snapshot.matches({ socket: 'live' });

/**
 * The flows that see the socket come and go start by connecting it: before
 * its first connect it is the same to them as connected (nothing to catch
 * up on), and the socket flow covers what happens meanwhile.
 */
function connectedFirst(offer: ReturnType<typeof flowEvents>): ReturnType<typeof flowEvents> {
  return (snapshot) =>
    !socketLive(snapshot) ? [] : snapshot.context.online === null ? [{ type: 'link.up' }] : offer(snapshot);
}

/**
 * The socket link's events, with a list shown and nothing else going on
 * (the link's own model has the socket's): it connects, drops, passes on a
 * refused join (which changes nothing here), and ends (its answers: refused
 * for good, or failed); the inbox's socket is tried again after it failed.
 */
const socketEvents = {
  'link.up': (snapshot) => (socketLive(snapshot) && snapshot.context.online !== true ? linkUp() : []),
  'link.down': (snapshot) => (socketLive(snapshot) ? linkDown(snapshot.context) : []),
  'socket.refused': (snapshot) => (socketLive(snapshot) && snapshot.context.online === true ? [{ type: 'socket.refused', message: 'UNAUTHORIZED' }] : []),
  'socket.retry': (snapshot) => (snapshot.matches({ socket: 'failed' }) ? [{ type: 'socket.retry' }] : []),
} satisfies Partial<EventFixtures<AgentInbox>>;

/** Events of the list. */
const listEvents = {
  'search.change': ({ context }) => [{ type: 'search.change', query: context.query === '' ? ' 0812 ' : '' }],
  'list.more': () => [{ type: 'list.more' }],
  'list.retry': () => [{ type: 'list.retry' }],
  'socket.inbox': (snapshot) => (snapshot.context.online === false || !(is(snapshot, { list: 'ready' }) || is(snapshot, { list: 'more' })) ? [] : [
    // The guest writes again and presses a postback button: its row moves up and is highlighted.
    ...(snapshot.context.conversations.some((row) => row.id === '2' && row.lastMessageAt === GUEST.lastMessageAt)
      ? [{ type: 'socket.inbox' as const, conversation: { ...GUEST, lastMessageAt: '2026-03-02T11:00:00.000Z', lastMessage: 'Deposit', unread: 1 }, postback: { title: 'Deposit', payload: 'DEPOSIT' } }]
      : []),
    // A conversation the list does not show yet.
    ...(snapshot.context.conversations.some((row) => row.id === '3') ? [] : [{ type: 'socket.inbox' as const, conversation: { ...THIRD, lastMessageAt: '2026-03-02T12:00:00.000Z' } }]),
  ]),
  // Drops and reconnects with nothing else going on: what they do does not depend on the rows.
  'link.up': ({ context }) => (context.query === '' && context.shownQuery === '' && context.postbacks.length === 0 ? linkUp() : []),
  'link.down': ({ context }) => (context.query === '' && context.shownQuery === '' && context.postbacks.length === 0 ? linkDown(context) : []),
  'socket.presence': ({ context }) => (context.agentsOnline === null ? [{ type: 'socket.presence', agents: 2 }] : []),
} satisfies Partial<EventFixtures<AgentInbox>>;

/** Events while reading one conversation. */
const conversationEvents = {
  'conversation.select': ({ context }) => [
    { type: 'conversation.select', id: '1' },
    ...(context.selectedId === '1' ? [{ type: 'conversation.select' as const, id: '2' }] : []),
  ],
  'conversation.close': () => [{ type: 'conversation.close' }],
  'conversation.retry': () => [{ type: 'conversation.retry' }],
  'history.older': () => [{ type: 'history.older' }],
  'socket.message': ({ context }) => {
    const newest = Math.max(0, ...context.messages.map((message) => Date.parse(message.createdAt))) ;
    const minute = Math.max(60, Math.round((newest - T0) / 60_000) + 1);
    return context.panel === null
      ? []
      : [
          // The open conversation's customer writes (the agents' copy), and someone in another conversation.
          { type: 'socket.message', message: agentsCopy(customerText(context.selectedId!, minute)) },
          { type: 'socket.message', message: agentsCopy(customerText(context.selectedId === '1' ? '2' : '1', minute)) },
        ];
  },
  'socket.typing': ({ context }) => [
    { type: 'socket.typing', room: MEMBER.room, typing: !context.memberTyping, sender: 'customer' },
    ...(context.memberTyping ? [{ type: 'socket.typing' as const, room: MEMBER.room, typing: true, sender: 'customer' as const }] : []),
    ...(context.memberTyping ? [] : [{ type: 'socket.typing' as const, room: GUEST.room, typing: true, sender: 'customer' as const }]),
  ],
  'socket.read': ({ context }) => (context.customerReadAt === null ? [{ type: 'socket.read', room: MEMBER.room, sender: 'customer', readAt: '2026-03-02T10:05:00.000Z' }] : []),
  'link.up': () => linkUp(),
  'link.down': ({ context }) => linkDown(context),
} satisfies Partial<EventFixtures<AgentInbox>>;

/**
 * Where the agent reads: scrolling up far (61 px from the bottom, just past
 * the widget's 60), a little (60), and down, still far or back at the
 * bottom.
 */
const viewEvents = {
  'history.scrolled': () => [
    { type: 'history.scrolled', distanceFromBottom: 61, towardsTop: true },
    { type: 'history.scrolled', distanceFromBottom: 60, towardsTop: true },
    { type: 'history.scrolled', distanceFromBottom: 400, towardsTop: false },
    { type: 'history.scrolled', distanceFromBottom: 0, towardsTop: false },
  ],
} satisfies Partial<EventFixtures<AgentInbox>>;

/** Whether the outbox holds one item in flight and nothing else. */
const oneInFlight = (context: AgentInboxContext) => context.outbox.length === 1 && context.outbox[0]!.status === 'queued';

/**
 * Writing text in the member's conversation: typing, sending, a second
 * reply queued behind one in flight, retrying, discarding, ending, and
 * switching to the guest's conversation while a reply is on its way (there,
 * only switching back).
 */
const writingEvents = {
  'conversation.select': ({ context }) =>
    context.selectedId === '2' ? [{ type: 'conversation.select', id: '1' }] : oneInFlight(context) && context.draft === '' ? [{ type: 'conversation.select', id: '2' }] : [],
  'draft.change': ({ context }) =>
    context.selectedId !== '1' || !(context.outbox.length === 0 || oneInFlight(context))
      ? []
      : context.draft === ''
        ? [
            { type: 'draft.change', text: 'We are checking your deposit.' },
            ...(context.outbox.length === 0 ? [{ type: 'draft.change' as const, text: 'x'.repeat(CHAT_TEXT_MAX + 1) }] : []),
          ]
        : [
            { type: 'draft.change', text: '' },
            { type: 'draft.change', text: 'We are checking your deposit now.' },
          ],
  'draft.send': ({ context }) => (context.selectedId === '1' && (context.outbox.length === 0 || oneInFlight(context)) ? [{ type: 'draft.send', id: freshId(context) }] : []),
  'outbox.retry': ({ context }) => (context.selectedId === '1' && context.draft === '' ? context.outbox.map((item) => ({ type: 'outbox.retry' as const, id: item.id })) : []),
  'outbox.discard': ({ context }) => (context.selectedId === '1' && context.draft === '' ? context.outbox.map((item) => ({ type: 'outbox.discard' as const, id: item.id })) : []),
  'conversation.end': ({ context }) =>
    context.selectedId === '1' && context.draft === '' && (context.outbox.length === 0 || (oneInFlight(context) && context.outbox[0]!.step === 'end'))
      ? [{ type: 'conversation.end', id: freshId(context) }]
      : [],
} satisfies Partial<EventFixtures<AgentInbox>>;

/** Built messages and files: sent one at a time, with the upload's progress; refused ones never leave. */
const mediaEvents = {
  'reply.send': ({ context }) =>
    context.outbox.length === 0
      ? [
          { type: 'reply.send', message: { ...BUTTONS, deliver: { id: freshId(context), status: 'sending' } } as ChatMessageBody },
          // Buttons with none, or a web button that runs a script: the contract refuses them, so nothing is sent.
          { type: 'reply.send', message: { ...BUTTONS, payloads: [], deliver: { id: freshId(context), status: 'sending' } } as ChatMessageBody },
          { type: 'reply.send', message: { ...BUTTONS, payloads: [SCRIPT_BUTTON], deliver: { id: freshId(context), status: 'sending' } } as ChatMessageBody },
        ]
      : [],
  'media.pick': ({ context }) =>
    context.outbox.length === 0
      ? [
          { type: 'media.pick', id: freshId(context), file: PHOTO },
          { type: 'media.pick', id: freshId(context), file: HUGE_PHOTO },
          { type: 'media.pick', id: freshId(context), file: DOCUMENT },
          { type: 'media.pick', id: freshId(context), file: EMPTY_PHOTO },
        ]
      : [],
  'outbox.retry': ({ context }) => context.outbox.map((item) => ({ type: 'outbox.retry' as const, id: item.id })),
  'outbox.discard': ({ context }) => context.outbox.map((item) => ({ type: 'outbox.discard' as const, id: item.id })),
  'upload.progress': ({ context }) =>
    context.outbox
      .filter((item) => item.step === 'upload' && item.status === 'queued')
      .flatMap((item) =>
        item.progress === 0
          ? [{ type: 'upload.progress' as const, id: item.id, fraction: 0.5 }]
          : item.progress < 1
            ? [
                { type: 'upload.progress' as const, id: item.id, fraction: 1.5 },
                { type: 'upload.progress' as const, id: item.id, fraction: 0.1 },
              ]
            : [],
      ),
} satisfies Partial<EventFixtures<AgentInbox>>;

/** The reply flows start by opening the member's conversation; then their events, while it is open. */
function inConversation(fixtures: Partial<EventFixtures<AgentInbox>>) {
  const offer = afterList(fixtures);
  return (snapshot: Parameters<ReturnType<typeof flowEvents>>[0]) => {
    if (!is(snapshot, { list: 'ready' })) return [];
    if (snapshot.context.selectedId === null) return [{ type: 'conversation.select' as const, id: '1' }];
    // Once the conversation has loaded and been marked read.
    const settled = is(snapshot, { conversation: { open: { history: 'idle', read: 'idle' } } });
    return settled ? offer(snapshot) : [];
  };
}

/** Events of the canned replies. */
const cannedEvents = {
  'canned.open': () => [{ type: 'canned.open' }],
  'canned.change': ({ context }) => [
    { type: 'canned.change', change: { action: 'save', id: null, title: 'Bank hours', text: 'Our bank transfers run 24 hours.' } },
    // No title, or no text: not sent.
    { type: 'canned.change', change: { action: 'save', id: null, title: '  ', text: 'Some text' } },
    { type: 'canned.change', change: { action: 'save', id: null, title: 'Empty', text: ' ' } },
    ...(context.canned.some((reply) => reply.id === '1')
      ? [
          { type: 'canned.change' as const, change: { action: 'save' as const, id: '1', title: 'Greeting', text: 'Hello! How can I help?' } },
          { type: 'canned.change' as const, change: { action: 'delete' as const, id: '1' } },
        ]
      : []),
  ],
} satisfies Partial<EventFixtures<AgentInbox>>;

/** Every event type, offered by the flows that use it; the machine's own events are never sent from outside. */
const allEvents: EventFixtures<AgentInbox> = {
  'search.change': none,
  'list.more': none,
  'list.retry': none,
  'conversation.select': none,
  'conversation.close': none,
  'conversation.retry': none,
  'history.older': none,
  'history.scrolled': none,
  'draft.change': none,
  'draft.send': none,
  'reply.send': none,
  'media.pick': none,
  'outbox.retry': none,
  'outbox.discard': none,
  'conversation.end': none,
  'canned.open': none,
  'canned.change': none,
  'link.up': none,
  'link.down': none,
  'socket.refused': none,
  'socket.joined': none,
  'socket.joinRefused': none,
  'socket.retry': none,
  'socket.inbox': none,
  'socket.message': none,
  'socket.typing': none,
  'socket.read': none,
  'socket.presence': none,
  'upload.progress': none,
  'read.mark': none,
  'list.refresh': none,
  'history.catchUp': none,
  'member.typing': none,
  'agent.typing': none,
};

const flowEvents = (fixtures: Partial<EventFixtures<AgentInbox>>) => offerAll<AgentInbox>({ ...allEvents, ...fixtures } as EventFixtures<AgentInbox>);

/** Only once the list is shown: the other flows start from a list that loaded. */
const afterList = (fixtures: Partial<EventFixtures<AgentInbox>>) => {
  const offer = flowEvents(fixtures);
  return (snapshot: Parameters<ReturnType<typeof flowEvents>>[0]) => (is(snapshot, { list: 'ready' }) ? offer(snapshot) : []);
};

// ---------------------------------------------------------------- abstraction

const count = (n: number) => (n === 0 ? null : n <= CHAT_PAGE_SIZE ? 'a page' : 'more than a page');

const listAspects = (context: AgentInboxContext) => ({
  searching: context.query.trim() !== '',
  'showing another search': context.shownQuery !== context.query,
  rows: context.conversations.length,
  more: context.conversations.length < context.total,
  error: context.listError !== null,
  postback: context.postbacks.length > 0,
  // Connected, not told yet, or down: after a drop, connecting reads the list again.
  online: context.online === null ? null : context.online ? 'online' : 'offline',
});

const conversationAspects = (context: AgentInboxContext) => ({
  selected: context.selectedId,
  messages: count(context.messages.length),
  'history end': context.historyEnd,
  error: context.conversationError ?? context.historyError,
  'read again': context.readAgain,
  online: context.online === null ? null : context.online ? 'online' : 'offline',
});

/**
 * The conversation's events, each where it matters: gestures and socket
 * events while nothing is in flight, a customer's message also while a read
 * is marked (the read is marked again) and while they type.
 */
function conversationOffer(snapshot: Parameters<ReturnType<typeof flowEvents>>[0]) {
  const open = (region: string, state: string) => snapshot.matches({ conversation: { open: { [region]: state } } });
  const notOpen = !snapshot.matches({ conversation: 'open' });
  // Not while one opens: its skeleton's delay would end with the list's after a reconnect, at the same instant.
  const opening = snapshot.matches({ conversation: 'opening' });
  const historyIdle = notOpen || open('history', 'idle');
  const readIdle = notOpen || open('read', 'idle');
  const typing = snapshot.context.memberTyping;
  const quiet = historyIdle && readIdle && !typing;
  const offered = new Set<string>([
    ...(quiet ? ['conversation.select', 'conversation.close', 'conversation.retry', 'history.older', 'socket.read'] : []),
    ...(quiet && !opening ? ['link.up', 'link.down'] : []),
    ...(historyIdle && readIdle ? ['socket.typing'] : []),
    ...(historyIdle && (!typing || readIdle) ? ['socket.message'] : []),
  ]);
  return afterList(Object.fromEntries(Object.entries(conversationEvents).filter(([type]) => offered.has(type))))(snapshot);
}

const replyAspects = (context: AgentInboxContext) => ({
  selected: context.selectedId,
  draft: context.draft === '' ? null : context.draft.length > CHAT_TEXT_MAX ? 'too long' : 'text',
  error: context.composerError,
  outbox:
    context.outbox
      .map((item) => `${item.conversationId}:${item.step} ${item.status}${item.progress > 0 && item.progress < 1 ? ' part' : ''}`)
      .join(', ') || null,
  ended: context.ended.join(',') || null,
});

const cannedAspects = (context: AgentInboxContext) => ({
  canned: context.canned.map((reply) => `${reply.id}${reply.text === CANNED.find((known) => known.id === reply.id)?.text ? '' : '*'}`).join(',') || null,
  error: context.cannedError,
  'can edit': context.canEditCanned === null ? null : context.canEditCanned ? 'yes' : 'no',
});

// ---------------------------------------------------------------- flows

/**
 * A flow's abstraction while the socket lives. Once it failed, the flow
 * offers nothing more and what is still in flight ends the same whatever
 * the data: one state per machine state (the socket flow tells failures
 * apart).
 */
function whileLive(aspects: FlowModel<AgentInbox>['abstraction']): FlowModel<AgentInbox>['abstraction'] {
  return (snapshot) => (socketLive(snapshot) ? aspects(snapshot) : {});
}

const noCalls = () => [] as never[];

/** Replying: the conversations open and are read; what is sent is stored or refused. */
const replyReplies: FlowModel<AgentInbox>['replies'] = {
  loadInbox: [{ ok: true, data: FIRST_PAGE }] satisfies InboxAnswer[],
  openConversation: ({ context }) => [opened(context.selectedId!, page(context.selectedId!, 50, 3))],
  loadOlder: noCalls,
  catchUp: ({ context }) => [{ ok: true, data: page(context.selectedId!, 50, 3) }] satisfies HistoryAnswer[],
  markRead: [{ ok: true, data: { message: 'SUCCESS' } }] satisfies DoneAnswer[],
  sendReply: ({ context }) =>
    [
      { ok: true, data: { _id: `stored-${context.outbox.find((item) => item.status === 'queued')!.id}`, createdAt: '2026-03-02T10:30:00.000Z' } },
      { ok: false, message: 'CHAT_CLOSED' },
    ] satisfies SentAnswer[],
  uploadMedia: [
    { ok: true, data: { path: 'chat/1/photo.jpg', url: '/files/chat/1/photo.jpg?sig=x' } },
    { ok: false, message: 'CHAT_FILE_NOT_SUPPORTED' },
  ] satisfies UploadAnswer[],
  endConversation: [{ ok: true, data: { message: 'SUCCESS' } }, FAILED] satisfies DoneAnswer[],
  loadCanned: noCalls,
  changeCanned: noCalls,
  // The link ends only in the socket's flow.
  socketLink: [],
};

export const agentInboxModels: FlowModel<AgentInbox>[] = [
  {
    name: 'inbox list',
    machine: agentInboxMachine,
    input: { canEditCanned: null },
    // While the socket is down, the next thing that happens is its return (what a drop does meanwhile is nothing).
    events: connectedFirst((snapshot) => (snapshot.context.online === false ? connection(snapshot.context) : flowEvents(listEvents)(snapshot))),
    replies: {
      loadInbox: listReplies,
      openConversation: noCalls,
      loadOlder: noCalls,
      catchUp: noCalls,
      markRead: noCalls,
      sendReply: noCalls,
      uploadMedia: noCalls,
      endConversation: noCalls,
      loadCanned: noCalls,
      changeCanned: noCalls,
      socketLink: [],
    },
    abstraction: whileLive(({ context }) => listAspects(context)),
  },
  {
    name: 'a conversation',
    machine: agentInboxMachine,
    input: { canEditCanned: null },
    events: connectedFirst(conversationOffer),
    replies: {
      loadInbox: [{ ok: true, data: FIRST_PAGE }] satisfies InboxAnswer[],
      // The member's conversation has more than a page; the guest's is short. Only the member's may fail.
      openConversation: ({ context }) =>
        context.selectedId === '1'
          ? [opened('1', page('1', 50, CHAT_PAGE_SIZE)), { ok: false, message: 'NO_DATA' }]
          : [opened('2', page('2', 50, 3))],
      loadOlder: ({ context }) => {
        const oldest = Math.round((Date.parse(context.messages[0]!.createdAt) - T0) / 60_000);
        return [
          { ok: true, data: page(context.selectedId!, oldest - 1, CHAT_PAGE_SIZE) },
          { ok: true, data: page(context.selectedId!, oldest - 1, 4) },
          FAILED,
        ] satisfies HistoryAnswer[];
      },
      catchUp: ({ context }) => [{ ok: true, data: page(context.selectedId!, 70, 2) }, FAILED] satisfies HistoryAnswer[],
      markRead: [{ ok: true, data: { message: 'SUCCESS' } }, FAILED] satisfies DoneAnswer[],
      sendReply: noCalls,
      uploadMedia: noCalls,
      endConversation: noCalls,
      loadCanned: noCalls,
      changeCanned: noCalls,
      socketLink: [],
    },
    abstraction: whileLive(({ context }) => conversationAspects(context)),
  },
  {
    name: 'where the agent reads',
    machine: agentInboxMachine,
    input: { canEditCanned: null },
    events: (snapshot) => (socketLive(snapshot) ? inConversation(viewEvents)(snapshot) : []),
    replies: replyReplies,
    abstraction: whileLive(({ context }) => ({ selected: context.selectedId })),
  },
  ...(['writing', 'media and built messages'] as const).map(
    (name): FlowModel<AgentInbox> => ({
      name,
      machine: agentInboxMachine,
      input: { canEditCanned: null },
      // Once the conversation is ended, what comes next is the customer's (the conversation flow's business).
      events: (snapshot) =>
        snapshot.context.ended.length > 0 || !socketLive(snapshot) ? [] : inConversation(name === 'writing' ? writingEvents : mediaEvents)(snapshot),
      replies: replyReplies,
      abstraction: whileLive(({ context }) => replyAspects(context)),
    }),
  ),
  {
    name: 'canned replies',
    machine: agentInboxMachine,
    input: { canEditCanned: null },
    events: (snapshot) => (socketLive(snapshot) ? afterList(cannedEvents)(snapshot) : []),
    replies: {
      loadInbox: [{ ok: true, data: FIRST_PAGE }] satisfies InboxAnswer[],
      openConversation: noCalls,
      loadOlder: noCalls,
      catchUp: noCalls,
      markRead: noCalls,
      sendReply: noCalls,
      uploadMedia: noCalls,
      endConversation: noCalls,
      loadCanned: [{ ok: true, data: { replies: CANNED } }, FAILED] satisfies CannedAnswer[],
      // What the server answers for the change asked (the call's input is in the snapshot's child).
      changeCanned: (snapshot) => {
        const change = (snapshot.children as Record<string, { getSnapshot: () => { input?: unknown } }>).changeCanned?.getSnapshot().input as
          | { action: 'save'; id: string | null; title: string; text: string }
          | { action: 'delete'; id: string }
          | undefined;
        const refusals = [{ ok: false, message: 'UNAUTHORIZED' }, FAILED] satisfies CannedChangeAnswer[];
        if (!change) return refusals;
        const answer: CannedChangeAnswer =
          change.action === 'delete'
            ? { ok: true, data: { deleted: change.id } }
            : { ok: true, data: { saved: { id: change.id ?? '3', title: change.title.trim(), text: change.text.trim() } } };
        return [answer, ...refusals];
      },
      socketLink: [],
    },
    abstraction: whileLive(({ context }) => cannedAspects(context)),
  },
  {
    name: 'the socket',
    machine: agentInboxMachine,
    input: { canEditCanned: null },
    // With the list shown: a reconnect reads it again, and the socket's events wait for that.
    events: afterList(socketEvents),
    replies: {
      loadInbox: [{ ok: true, data: FIRST_PAGE }] satisfies InboxAnswer[],
      openConversation: noCalls,
      loadOlder: noCalls,
      catchUp: noCalls,
      markRead: noCalls,
      sendReply: noCalls,
      uploadMedia: noCalls,
      endConversation: noCalls,
      loadCanned: noCalls,
      changeCanned: noCalls,
      // Refused for good (the session ends), or failed (too many tabs, a broken socket).
      socketLink: [
        { outcome: 'refused', message: 'invalid-token' },
        { outcome: 'refused', message: 'UNAUTHORIZED' },
        { outcome: 'failed', message: 'REQUEST_LIMIT' },
      ] satisfies SocketLinkOutput[],
    },
    abstraction: ({ context }) => ({
      online: context.online === null ? null : context.online ? 'online' : 'offline',
      failure: context.socketFailure,
      error: context.listError !== null,
    }),
  },
];
