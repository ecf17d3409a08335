import type { AnyMachineSnapshot } from 'xstate';
import type { ChatMessage } from '../../src/contract/chat.ts';
import type { ChatHistoryContext, ChatHistoryInput, PageAnswer } from '../../machines/chat-history/chat-history.types.ts';
import type { ChatMediaOutput } from '../../machines/chat-media/chat-media.types.ts';
import { describeModels } from './support/describe-model.ts';
import { expect } from './support/step-expect.ts';
import type { FlowModel } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { chatHistoryModels } from './chat-history.model.ts';

/** spec 9, written out independently: pages of 10, auto-scroll within 60 px, the read mark 1 s after the last message. */
const PAGE = 10;
const NEAR_PX = 60;
const READ_DEBOUNCE = 1000;

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
function region(snapshot: AnyMachineSnapshot, name: 'paging' | 'reading'): string {
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
  const expected: ChatHistoryContext = before
    ? { ...previous }
    : {
        ...who,
        messages: [],
        skip: 0,
        startReached: false,
        catchUpSkip: 0,
        behind: false,
        distanceFromBottom: 0,
        unseen: 0,
        visible: input.visible ?? true,
        online: input.online ?? false,
        toRead: false,
        outgoing: [],
        failure: null,
      };
  let paging = wasPaging;
  let reading = wasReading;
  const expectedCalls: unknown[] = [];
  const expectedEmitted: unknown[] = [];
  const loadPage = (skip: number) => expectedCalls.push({ actor: 'loadPage', input: { ...who, limit: PAGE, skip } });

  /** Messages that arrived: merged; for new ones from others, the auto-scroll rule and a read mark wanted. */
  const arrive = (messages: readonly ChatMessage[], distanceFromBottom?: number) => {
    const result = merged(expected.messages, messages);
    const distance = distanceFromBottom ?? expected.distanceFromBottom;
    const others = fromOthers(result.added);
    const follow = distance <= NEAR_PX;
    Object.assign(expected, {
      messages: result.messages,
      distanceFromBottom: distance,
      unseen: follow ? 0 : expected.unseen + others,
      toRead: expected.toRead || others > 0,
    });
    if (result.added.length > 0 && follow) expectedEmitted.push({ type: 'scroll.bottom' });
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
    case 'history.retry':
      if (wasPaging === 'failed') {
        paging = 'loading';
        loadPage(0);
      }
      break;
    case 'history.scrolled': {
      const distance = event.distanceFromBottom as number;
      expected.distanceFromBottom = distance;
      if (distance <= NEAR_PX) expected.unseen = 0;
      break;
    }
    case 'history.received':
      arrive([event.message as ChatMessage], event.distanceFromBottom as number | undefined);
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
      Object.assign(expected, { distanceFromBottom: 0, unseen: 0 });
      expectedCalls.push({ actor: 'chatMedia', input: { deliverId, item: event.item, online: previous.online, ...who } });
      expectedEmitted.push({ type: 'scroll.bottom' });
      break;
    }
    case 'xstate.done.actor.loadPage': {
      const answer = answerOf(event.output);
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
          distanceFromBottom: 0,
          unseen: 0,
          toRead: previous.toRead || fromOthers(page) > 0,
          failure: null,
        });
        expectedEmitted.push({ type: 'scroll.bottom' });
        shown();
      } else if (wasPaging === 'loadingOlder') {
        const result = merged(previous.messages, page);
        Object.assign(expected, { messages: result.messages, skip: previous.skip + PAGE, startReached: answer.data.length < PAGE, failure: null });
        expectedEmitted.push({ type: 'older.loaded', count: result.added.length });
        shown();
      } else {
        // Catching up: until a page meets what was held, or is short.
        const metHeld = answer.data.some((message) => previous.messages.some((held) => held._id === message._id));
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
      failedWith('NETWORK_ERROR');
      paging = wasPaging === 'loading' ? 'failed' : expected.startReached ? 'complete' : 'more';
      break;
    case 'xstate.done.actor.markRead':
    case 'xstate.error.actor.markRead':
      // Not retried: the next message marks again.
      reading = 'idle';
      break;
    default: {
      if (/^xstate\.after\.readDebounce\./.test(event.type)) {
        // spec 7: 1 s after the last message, not a millisecond sooner.
        expect(waited).toBe(READ_DEBOUNCE);
        reading = 'marking';
        expected.toRead = false;
        expectedCalls.push({ actor: 'markRead', input: who });
        break;
      }
      // An item ended (its deliver id names it): a sent one joins the history, a refusal is shown; it goes.
      const item = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      if (!item || !previous.outgoing.includes(item[2]!)) throw new Error(`unexpected event ${event.type}`);
      const output = (event as { output?: ChatMediaOutput }).output;
      if (output?.outcome === 'sent') expected.messages = merged(previous.messages, [output.message]).messages;
      if (output?.outcome === 'refused') expectedEmitted.push({ type: 'alert', message: output.message, limitMb: output.limitMb });
      expected.outgoing = previous.outgoing.filter((id) => id !== item[2]);
      expect(after.children[item[2]!]).toBeUndefined();
    }
  }

  // Behind, with nothing being read: the newest pages again, from skip 0.
  if ((paging === 'more' || paging === 'complete') && expected.behind) {
    paging = 'catchingUp.page';
    Object.assign(expected, { behind: false, catchUpSkip: 0 });
    loadPage(0);
  }
  if (paging === 'loading' && wasPaging !== 'loading') Object.assign(expected, { behind: false, catchUpSkip: 0 });
  // The read mark waits while the panel is closed, and for 1 s after the last message while it is open.
  if (reading !== 'marking' && expected.visible && expected.toRead) reading = 'debouncing';
  else if (reading === 'debouncing' && !expected.visible) reading = 'idle';

  expect([region(after, 'paging'), region(after, 'reading')]).toEqual([paging, reading]);
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
  more: [],
  loadingOlder: ['loadingOlder'],
  complete: ['startReached'],
  'catchingUp.page': ['catchingUp'],
} as Record<string, string[]>;

describeModels('chat-history', chatHistoryModels, {
  // Both regions' states: 'paging.more + reading.idle'.
  tags: Object.fromEntries(
    Object.entries(tags).flatMap(([paging, pagingTags]) =>
      ['idle', 'debouncing', 'marking'].map((reading) => [`paging.${paging} + reading.${reading}`, pagingTags]),
    ),
  ),
  check,
});
