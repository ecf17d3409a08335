/**
 * The conversation's view (src/features/chat/ChatLog.tsx) with a real
 * machines/chat-history actor: the view tells the machine where the customer
 * scrolled and follows its decision (spec 9: new messages are followed
 * within 60 px of the bottom, counted under "New messages" otherwise), and
 * shows support typing for as long as the machine says. The log's geometry
 * is set by the test (happy-dom lays nothing out); time and animation
 * frames are vitest's fake clock.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { chatHistoryMachine } from '../../../machines/chat-history/chat-history.machine.ts';
import type { PageAnswer, PageQuery, ReadQuery } from '../../../machines/chat-history/chat-history.types.ts';
import type { Result } from '../../../machines/shared/result.ts';
import type { ChatMessage } from '../../../src/contract/chat.ts';
import { ChatLog } from '../../../src/features/chat/ChatLog.tsx';

/** The log's content is 1,000 px high in a view of 400: its bottom is at scrollTop 600. */
const CONTENT = 1000;
const VIEW = 400;
const BOTTOM = CONTENT - VIEW;
let scrollTop = 0;
const isLog = (element: Element) => element.classList.contains('chat-log');
const saved = ['scrollHeight', 'clientHeight', 'scrollTop'].map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const);

beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: () => CONTENT });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => VIEW });
  Object.defineProperty(HTMLElement.prototype, 'scrollTop', {
    configurable: true,
    get(this: HTMLElement) {
      return isLog(this) ? scrollTop : 0;
    },
    set(this: HTMLElement, value: number) {
      if (isLog(this)) scrollTop = Math.max(0, Math.min(BOTTOM, value));
    },
  });
});
afterAll(() => {
  for (const [name, descriptor] of saved) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
    else Reflect.deleteProperty(HTMLElement.prototype, name);
  }
});
beforeEach(() => {
  scrollTop = 0;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
});
afterEach(() => vi.useRealTimers());

function agentMessage(n: number): ChatMessage {
  return {
    _id: String(n),
    sender: 'agent',
    message: { message_type: 'text', payload: { text: `answer ${n}` }, deliver: { id: `agent-msg-${n}`, status: 'succeed' } },
    userId: '1001',
    guestId: null,
    username: null,
    name: 'Support',
    deviceToken: null,
    createdAt: new Date(Date.UTC(2026, 10, 26, 3, n)).toISOString(),
    session_id: '5',
  };
}

async function show() {
  const history = createActor(
    chatHistoryMachine.provide({
      actors: {
        // A short first page: the conversation's start shows, no older page is asked for.
        loadPage: fromPromise<PageAnswer, PageQuery>(async () => ({ ok: true, data: [agentMessage(2), agentMessage(1)] })),
        markRead: fromPromise<Result<unknown>, ReadQuery>(async () => ({ ok: true, data: { message: 'SUCCESS' } })),
      },
    }),
    { input: { writer: 'member', userId: '1001', guestId: null, visible: false, online: true } },
  ).start();
  render(
    <I18nProvider i18n={i18n}>
      <ChatLog history={history} replies={{ sendText: vi.fn(), sendPostback: vi.fn() }} />
    </I18nProvider>,
  );
  await frames();
  return history;
}

/** Lets answers reach the machine and animation frames run. */
async function frames(ms = 32) {
  await act(async () => vi.advanceTimersByTimeAsync(ms));
}

/** The customer (or the view) scrolls the log to `top`. */
async function scrollTo(top: number) {
  scrollTop = top;
  fireEvent.scroll(screen.getByRole('log'));
  await frames();
}

const newMessages = () => screen.queryByRole('button', { name: 'New messages' });

it('follows new messages at the bottom, and counts them under "New messages" once the customer scrolled up', async () => {
  const history = await show();
  expect([scrollTop, history.getSnapshot().hasTag('following')]).toEqual([BOTTOM, true]);

  // Up by 40 px: still within 60, a new message is followed.
  await scrollTo(BOTTOM - 40);
  act(() => history.send({ type: 'history.received', message: agentMessage(3) }));
  await frames();
  expect([scrollTop, newMessages()]).toEqual([BOTTOM, null]);

  // Up by 300 px: the next one waits below, under "New messages".
  await scrollTo(BOTTOM - 300);
  expect(history.getSnapshot().hasTag('following')).toBe(false);
  act(() => history.send({ type: 'history.received', message: agentMessage(4) }));
  await frames();
  expect(scrollTop).toBe(BOTTOM - 300);
  expect(newMessages()).not.toBeNull();

  // The button: to the newest, following again.
  fireEvent.click(newMessages()!);
  await frames();
  expect([scrollTop, newMessages(), history.getSnapshot().hasTag('following')]).toEqual([BOTTOM, null, true]);
});

it('follows again once the customer scrolls back within 60 px of the bottom', async () => {
  const history = await show();
  await scrollTo(100);
  act(() => history.send({ type: 'history.received', message: agentMessage(3) }));
  await frames();
  expect(newMessages()).not.toBeNull();
  await scrollTo(BOTTOM - 60);
  expect([newMessages(), history.getSnapshot().hasTag('following')]).toEqual([null, true]);
});

it('shows support typing until the machine forgets it, 15 s after support last said so', async () => {
  const history = await show();
  act(() => history.send({ type: 'history.typing', typing: true, sender: 'agent' }));
  expect(screen.getByText('Support is typing…')).toBeTruthy();
  await frames(14_999);
  expect(screen.queryByText('Support is typing…')).not.toBeNull();
  await frames(1);
  expect(screen.queryByText('Support is typing…')).toBeNull();
});

it('shows the end of the conversation as soon as an agent ends it, not at the next message', async () => {
  const history = await show();
  const ended = () => screen.queryAllByText('Conversation ended');
  expect(ended()).toEqual([]);

  // The room's chat.sessionEnded, through the widget: the marker follows the last message at once, and the view goes to it.
  await scrollTo(BOTTOM - 300);
  act(() => history.send({ type: 'history.sessionEnded', sessionId: '6' }));
  await frames();
  expect(ended()).toHaveLength(1);
  const items = [...screen.getByRole('log').querySelectorAll('.chat-log__list > li')].map((item) => item.textContent);
  expect(items.at(-1)).toBe('Conversation ended');
  expect(scrollTop).toBe(BOTTOM);

  // The next message, of the new session: still one marker, before it.
  act(() => history.send({ type: 'history.received', message: { ...agentMessage(3), session_id: '6' } }));
  await frames();
  expect(ended()).toHaveLength(1);
  const after = [...screen.getByRole('log').querySelectorAll('.chat-log__list > li')].map((item) => item.textContent);
  expect(after.slice(-2)).toEqual(['Conversation ended', expect.stringContaining('answer 3')]);
});
