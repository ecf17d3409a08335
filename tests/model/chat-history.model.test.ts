import type { AnyMachineSnapshot } from 'xstate';
import type { ChatMessage } from '../../src/contract/chat.ts';
import type { ChatHistoryContext, ChatHistoryInput, PageAnswer } from '../../machines/chat-history/chat-history.types.ts';
import type { ChatMediaOutput } from '../../machines/chat-media/chat-media.types.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';
import type { FlowModel } from './support/flow-model.ts';
import { nextAttempt, retryDelay } from '../../machines/shared/read-retry.ts';
import type { ReplayedStep } from './support/replay.ts';
import { chatHistoryModels } from './chat-history.model.ts';

/** spec 9, written out independently: pages of 10, auto-scroll within 60 px, the read mark 1 s after the last message. */
const PAGE = 10;
const NEAR_PX = 60;
const READ_DEBOUNCE = 1000;
/** Support's typing shows at most this long after it last said so. */
const TYPING_SHOWN = 15_000;

/** The history's rule, written out: each message once (same _id or deliver id), the room's copy over the widget's own, by time. */
function merged(held: readonly ChatMessage[], incoming: readonly ChatMessage[]): { messages: ChatMessage[]; added: ChatMessage[] } {
  const messages = [...held];
  const added: ChatMessage[] = [];
  for (const message of incoming) {
    const index = messages.findIndex((other) => other._id === message._id || other.message.deliver.id === message.message.deliver.id);
    if (index < 0) {
      messages.push(message);
      added.push(message);
    } else if (messages[index]!.session_id === '' && message.session_id !== '') messages[index] = message;
  }
  return { messages: messages.sort((a, b) => a.createdAt.localeCompare(b.createdAt)), added };
}

const newestFirstToOldest = (data: readonly ChatMessage[]) => [...data].reverse();
const fromOthers = (messages: readonly ChatMessage[]) => messages.filter((message) => message.sender !== 'customer').length;

/** A region's state as a dotted path: 'more', 'catchingUp.page'. */
function region(snapshot: AnyMachineSnapshot, name: 'paging' | 'reading' | 'view' | 'support'): string {
  const value = (snapshot.value as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : Object.entries(value as Record<string, string>).map(([key, child]) => `${key}.${child}`)[0]!;
}

function check({ event, before, after, actions, calls, emitted, waited }: ReplayedStep, flow: FlowModel) {
  const input = flow.input as ChatHistoryInput;
  const who = { userId: input.userId, guestId: input.guestId };
  const previous = before?.context as ChatHistoryContext;
  const context = after.context as ChatHistoryContext;
  const wasPaging = before ? region(before, 'paging') : '';
  const wasReading = before ? region(before, 'reading') : '';
  const wasView = before ? region(before, 'view') : 'following';
  const wasSupport = before ? region(before, 'support') : 'quiet';
  const expected: ChatHistoryContext = before
    ? { ...previous }
    : {
        writer: input.writer,
        ...who,
        messages: [],
        skip: 0,
        startReached: false,
        catchUpSkip: 0,
        catchUpHeld: [],
        behind: false,
        unseen: 0,
        visible: input.visible ?? true,
        online: input.online ?? false,
        toRead: false,
        outgoing: [],
        failure: null,
        session: null,
        attempts: 0,
      };
  let paging = wasPaging;
  let reading = wasReading;
  let view = wasView;
  let support = wasSupport;
  const expectedCalls: unknown[] = [];
  const expectedEmitted: unknown[] = [];
  const loadPage = (skip: number) => expectedCalls.push({ actor: 'loadPage', input: { ...who, limit: PAGE, skip } });

  /** To the newest message, following from there ("new messages" read). */
  const follow = () => {
    view = 'following';
    expected.unseen = 0;
    expectedEmitted.push({ type: 'scroll.bottom' });
  };
  /**
   * Messages that arrived: merged; new ones are followed to the bottom, or
   * those from others counted unseen while the customer is scrolled up; a
   * message from support means it stopped typing.
   */
  const arrive = (messages: readonly ChatMessage[]) => {
    const result = merged(expected.messages, messages);
    const others = fromOthers(result.added);
    Object.assign(expected, { messages: result.messages, toRead: expected.toRead || others > 0 });
    if (result.added.length > 0 && view === 'following') expectedEmitted.push({ type: 'scroll.bottom' });
    if (view === 'scrolledUp') expected.unseen += others;
    if (others > 0) support = 'quiet';
    return result;
  };
  /** Where paging goes once a page is in: to the start, or more to read. */
  const shown = () => (paging = expected.startReached ? 'complete' : 'more');
  const failedWith = (message: string) => (expected.failure = message);
  const answerOf = (output: unknown) => output as PageAnswer;

  switch (event.type) {
    case 'xstate.init':
      paging = 'loading';
      reading = 'idle';
      loadPage(0);
      break;
    case 'history.top':
      if (wasPaging === 'more') {
        paging = 'loadingOlder';
        loadPage(previous.skip);
      }
      break;
    case 'read.online':
    case 'history.retry':
      // The connection back (docs/decisions/0146-reads-that-wait.md), or the member: a waiting newest page is read now.
      if (wasPaging === 'offline' || (event.type === 'history.retry' && wasPaging === 'failed')) {
        paging = 'loading';
        loadPage(0);
      }
      break;
    case 'history.scrolled': {
      // Only the customer scrolling up and away unpins the view; back within 60 px it follows again.
      const near = (event.distanceFromBottom as number) <= NEAR_PX;
      if (wasView === 'following' && event.towardsTop && !near) view = 'scrolledUp';
      if (wasView === 'scrolledUp' && near) {
        view = 'following';
        expected.unseen = 0;
      }
      break;
    }
    case 'history.follow':
      follow();
      break;
    case 'history.sessionEnded':
      // An agent ended the conversation: the session is kept (the end marker shows now) and the view goes to it.
      expected.session = event.sessionId as string;
      follow();
      break;
    case 'history.received':
      arrive([event.message as ChatMessage]);
      break;
    case 'history.typing':
      // The customer's own typing shows nothing; support's shows until it stops (or 15 s pass).
      if (event.sender !== 'customer') support = event.typing ? 'typing' : 'quiet';
      break;
    case 'history.visible':
      expected.visible = event.visible as boolean;
      break;
    case 'history.online':
      // Items are told (the unit test sees it); what came meanwhile is read again.
      if (!previous.online) Object.assign(expected, { online: true, behind: true });
      break;
    case 'history.offline':
      expected.online = false;
      break;
    case 'history.resync':
      expected.behind = true;
      break;
    case 'history.send': {
      const deliverId = event.deliverId as string;
      if (previous.outgoing.includes(deliverId)) break; // the same item twice: one item
      expected.outgoing = [...previous.outgoing, deliverId];
      expectedCalls.push({ actor: 'chatMedia', input: { deliverId, item: event.item, online: previous.online, writer: input.writer, ...who } });
      // The customer sees what they send.
      follow();
      break;
    }
    case 'xstate.done.actor.loadPage': {
      const answer = answerOf(event.output);
      if (!answer.ok && answer.message === 'NETWORK_ERROR' && wasPaging === 'loading') {
        // No answer to the newest page: no failure shows; it waits and is read again.
        expected.attempts = nextAttempt(previous.attempts);
        paging = 'offline';
        break;
      }
      if (!answer.ok) {
        failedWith(answer.message);
        paging = wasPaging === 'loading' ? 'failed' : expected.startReached ? 'complete' : 'more';
        break;
      }
      const page = newestFirstToOldest(answer.data);
      if (wasPaging === 'loading') {
        // The newest page, oldest first; the view goes to the bottom.
        Object.assign(expected, {
          messages: merged(previous.messages, page).messages,
          skip: PAGE,
          startReached: answer.data.length < PAGE,
          toRead: previous.toRead || fromOthers(page) > 0,
          failure: null,
          attempts: 0,
        });
        follow();
        shown();
      } else if (wasPaging === 'loadingOlder') {
        const result = merged(previous.messages, page);
        Object.assign(expected, { messages: result.messages, skip: previous.skip + PAGE, startReached: answer.data.length < PAGE, failure: null });
        expectedEmitted.push({ type: 'older.loaded', count: result.added.length });
        shown();
      } else {
        // Catching up: until a page holds a message from support that was held when it began, or is short.
        const metHeld = answer.data.some((message) => message.sender !== 'customer' && previous.catchUpHeld.some((held) => held._id === message._id));
        arrive(page);
        if (metHeld || answer.data.length < PAGE) shown();
        else {
          expected.catchUpSkip = previous.catchUpSkip + PAGE;
          loadPage(expected.catchUpSkip);
        }
      }
      break;
    }
    case 'xstate.error.actor.loadPage':
      if (wasPaging === 'loading') {
        expected.attempts = nextAttempt(previous.attempts);
        paging = 'offline';
        break;
      }
      failedWith('NETWORK_ERROR');
      paging = wasPaging === 'loading' ? 'failed' : expected.startReached ? 'complete' : 'more';
      break;
    case 'xstate.done.actor.markRead':
    case 'xstate.error.actor.markRead':
      // Not retried: the next message marks again.
      reading = 'idle';
      break;
    default: {
      if (/^xstate\.after\.retryDelay\./.test(event.type)) {
        // The backoff: 1 s after the first unanswered read, doubling to 30 s; then the newest page again.
        expect([wasPaging, waited]).toEqual(['offline', retryDelay(previous.attempts)]);
        paging = 'loading';
        loadPage(0);
        break;
      }
      if (/^xstate\.after\.readDebounce\./.test(event.type)) {
        // spec 7: 1 s after the last message, not a millisecond sooner.
        expect(waited).toBe(READ_DEBOUNCE);
        reading = 'marking';
        expected.toRead = false;
        expectedCalls.push({ actor: 'markRead', input: who });
        break;
      }
      if (/^xstate\.after\.typingShown\./.test(event.type)) {
        // Forgotten 15 s after support last said it types, not a millisecond sooner.
        expect([wasSupport, waited]).toEqual(['typing', TYPING_SHOWN]);
        support = 'quiet';
        break;
      }
      // An item ended (its deliver id names it): a sent one joins the history, a refusal is shown; it goes.
      const item = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      if (!item || !previous.outgoing.includes(item[2]!)) throw new Error(`unexpected event ${event.type}`);
      const output = (event as { output?: ChatMediaOutput }).output;
      if (output?.outcome === 'sent') expected.messages = merged(previous.messages, [output.message]).messages;
      if (output?.outcome === 'refused') expectedEmitted.push({ type: 'alert', message: output.message, limitMb: output.limitMb });
      // The server ended the conversation: the connection is told (the view passes it on).
      if (output?.outcome === 'ended') expectedEmitted.push({ type: 'conversation.ended', message: output.message });
      expected.outgoing = previous.outgoing.filter((id) => id !== item[2]);
      expect(after.children[item[2]!]).toBeUndefined();
    }
  }

  // Waiting for the network when the chat's connection came back: the newest page now.
  if (paging === 'offline' && expected.behind) {
    paging = 'loading';
    loadPage(0);
    Object.assign(expected, { behind: false, catchUpSkip: 0, catchUpHeld: expected.messages });
  }
  // Behind, with nothing being read: the newest pages again, from skip 0.
  if ((paging === 'more' || paging === 'complete') && expected.behind) {
    paging = 'catchingUp.page';
    Object.assign(expected, { behind: false, catchUpSkip: 0, catchUpHeld: expected.messages });
    loadPage(0);
  }
  if (paging === 'loading' && wasPaging !== 'loading') Object.assign(expected, { behind: false, catchUpSkip: 0, catchUpHeld: expected.messages });
  // The read mark waits while the panel is closed, and for 1 s after the last message while it is open.
  if (reading !== 'marking' && expected.visible && expected.toRead) reading = 'debouncing';
  else if (reading === 'debouncing' && !expected.visible) reading = 'idle';

  expect([region(after, 'paging'), region(after, 'reading'), region(after, 'view'), region(after, 'support')]).toEqual([paging, reading, view, support]);
  // "New messages" only while the customer is scrolled up.
  if (view === 'following') expect(context.unseen).toBe(0);
  expect(context).toEqual(expected);
  expect(calls).toEqual(expectedCalls);
  expect(emitted).toEqual(expectedEmitted);
  expect(actions).toEqual([]);
  // Whatever happened: each message once, oldest first.
  const keys = context.messages.map((message) => message.message.deliver.id);
  expect(new Set(keys).size).toBe(keys.length);
  expect(context.messages.map((message) => message.createdAt)).toEqual(context.messages.map((message) => message.createdAt).sort());
}

const tags = {
  loading: ['loading'],
  failed: ['failed'],
  offline: ['offline'],
  more: [],
  loadingOlder: ['loadingOlder'],
  complete: ['startReached'],
  'catchingUp.page': ['catchingUp'],
} as Record<string, string[]>;

describeModels('chat-history', chatHistoryModels, {
  // Every region's state: 'paging.more + reading.idle + support.quiet + view.following'.
  tags: Object.fromEntries(
    Object.entries(tags).flatMap(([paging, pagingTags]) =>
      ['idle', 'debouncing', 'marking'].flatMap((reading) =>
        ['quiet', 'typing'].flatMap((support) =>
          ['following', 'scrolledUp'].map((view) => [
            `paging.${paging} + reading.${reading} + support.${support} + view.${view}`,
            [...pagingTags, ...(support === 'typing' ? ['supportTyping'] : []), ...(view === 'following' ? ['following'] : [])].sort(),
          ]),
        ),
      ),
    ),
  ),
  check,
});
