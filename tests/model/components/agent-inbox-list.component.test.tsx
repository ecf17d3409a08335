/**
 * The agent inbox's list in the real component (happy-dom): rows newest
 * first with their unread counts, the search asking the server after a
 * pause in typing, a row the socket reports moving up with its postback
 * highlighted, and a refused account told it cannot use the inbox. The API
 * client and the socket are the inbox's props: fakes here (the socket link
 * over them is the real one).
 */
import { act, fireEvent, render as renderInDom, screen, within } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../src/api/client.ts';
import type { InboxConversation } from '../../../src/contract/chat.ts';
import { AgentInbox } from '../../../src/features/ops/inbox/AgentInbox.tsx';
import { fromCallback, type AnyEventObject } from 'xstate';
import type { SocketCommand, SocketInput, SocketReport } from '../../../machines/socket-link/socket-link.types.ts';
import { GUEST, MEMBER, THIRD } from '../agent-inbox.fixtures.ts';

type Answer = { ok: true; data: unknown } | { ok: false; message: string };

/** An API client that answers the inbox's reads from a table and records each call. */
function fakeApi(answer: (name: string, options: { query?: Record<string, string> }) => Answer) {
  const calls: Array<{ name: string; query?: Record<string, string> }> = [];
  const client = {
    call: (name: string, ...args: unknown[]) => {
      const options = (args.at(-1) ?? {}) as { query?: Record<string, string> };
      calls.push({ name, query: options.query });
      return Promise.resolve(answer(name, options));
    },
    deps: { getToken: () => 'operator-token', onSessionMessage: () => {} },
  } as unknown as ApiClient;
  return { client, calls };
}

/** A socket actor that lets the test play the server. */
function fakeSocket() {
  const socket = { report: null as ((event: SocketReport) => void) | null, commands: [] as SocketCommand[], closed: false, opened: 0 };
  const factory = fromCallback<SocketCommand, SocketInput>(({ sendBack, receive }) => {
    socket.opened += 1;
    socket.closed = false;
    socket.report = (event) => sendBack(event as AnyEventObject);
    receive((command) => socket.commands.push(command));
    return () => void (socket.closed = true);
  });
  return { socket, factory };
}

const page = (conversations: InboxConversation[], total = conversations.length): Answer => ({ ok: true, data: { conversations, total } });

/** Lets answered promises reach the machine and React. */
const settle = () => act(async () => {
  await Promise.resolve();
  await Promise.resolve();
});

const render = (view: ReactNode) => renderInDom(<I18nProvider i18n={i18n}>{view}</I18nProvider>);

/** The visible text of an element (happy-dom has no jest-dom matchers here). */
const text = (element: Element | undefined | null) => element?.textContent ?? '';

const rows = () => within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('button');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('agent inbox list', () => {
  it('shows the conversations newest first, each with its unread count', async () => {
    // The server's page has the guest first; the member wrote last.
    const api = fakeApi(() => page([GUEST, MEMBER]));
    const { factory } = fakeSocket();
    render(<AgentInbox api={api.client} connectSocket={factory} />);
    await settle();

    expect(api.calls).toEqual([{ name: 'opsChatInbox', query: { q: '', skip: '0' } }]);
    const [first, second] = rows();
    expect(text(first)).toContain('Somchai Jaidee');
    expect(text(within(first!).getByLabelText('2 unread'))).toBe('2');
    expect(text(second)).toContain('Guest');
    expect(within(second!).queryByLabelText(/unread/)).toBeNull();
  });

  it('previews a last picture, video or file by its kind, with its caption when it has one', async () => {
    const photo = { ...MEMBER, lastMessage: '', lastMedia: 'image' } satisfies InboxConversation;
    const file = { ...GUEST, lastMessage: '', lastMedia: 'file' } satisfies InboxConversation;
    const video = { ...THIRD, lastMessage: 'my slip', lastMedia: 'video' } satisfies InboxConversation;
    const api = fakeApi(() => page([photo, file, video]));
    const { factory } = fakeSocket();
    render(<AgentInbox api={api.client} connectSocket={factory} />);
    await settle();

    const previews = rows().map((row) => text(row.querySelector('.inbox-row__last')));
    expect(previews).toEqual(['Photo', 'File', 'Video: my slip']);
  });

  it('searches by phone or name once typing pauses, and shows what the server found', async () => {
    const found: Record<string, InboxConversation[]> = { '': [GUEST, MEMBER], '0899': [THIRD] };
    const api = fakeApi((_, { query }) => page(found[query?.q ?? ''] ?? []));
    const { factory } = fakeSocket();
    render(<AgentInbox api={api.client} connectSocket={factory} />);
    await settle();

    const search = screen.getByLabelText('Search by phone or name');
    fireEvent.change(search, { target: { value: '08' } });
    fireEvent.change(search, { target: { value: ' 0899 ' } });
    await act(async () => void vi.advanceTimersByTime(299));
    // Nothing asked while the agent types.
    expect(api.calls).toHaveLength(1);
    await act(async () => void vi.advanceTimersByTime(1));
    await settle();

    expect(api.calls.at(-1)).toEqual({ name: 'opsChatInbox', query: { q: '0899', skip: '0' } });
    expect(rows().map((row) => row.textContent)).toEqual([expect.stringContaining('Noi')]);

    fireEvent.change(search, { target: { value: 'nobody' } });
    await act(async () => void vi.advanceTimersByTime(300));
    await settle();
    expect(screen.queryByRole('list', { name: 'Conversations' })).toBeNull();
    expect(screen.getByText('No conversation matches this search.')).toBeTruthy();
  });

  it('moves a conversation the socket reports to the top, with its unread count and postback', async () => {
    const api = fakeApi(() => page([GUEST, MEMBER]));
    const { socket, factory } = fakeSocket();
    render(<AgentInbox api={api.client} connectSocket={factory} />);
    await settle();

    act(() =>
      socket.report!({
        type: 'socket.inbox',
        conversation: { ...GUEST, lastMessageAt: '2026-03-02T11:00:00.000Z', lastMessage: 'Deposit', unread: 3 },
        postback: { title: 'Deposit', payload: 'DEPOSIT' },
      }),
    );

    const [first] = rows();
    expect(text(first)).toContain('Guest');
    expect(text(first)).toContain('Button pressed');
    expect(text(within(first!).getByLabelText('3 unread'))).toBe('3');
  });

  it('tells an account that is not an agent that it cannot use the inbox', async () => {
    const api = fakeApi(() => ({ ok: false, message: 'UNAUTHORIZED' }));
    const { factory } = fakeSocket();
    render(<AgentInbox api={api.client} connectSocket={factory} />);
    await settle();

    expect(text(screen.getByRole('alert'))).toContain('This account cannot use the support inbox.');
    expect(screen.queryByLabelText('Search by phone or name')).toBeNull();
  });

  it('says why when the inbox is open in too many tabs, and connects again when asked', async () => {
    const api = fakeApi(() => page([GUEST, MEMBER]));
    const { socket, factory } = fakeSocket();
    const refused: string[] = [];
    render(<AgentInbox api={api.client} connectSocket={factory} onRefused={(message) => refused.push(message)} />);
    await settle();

    act(() => socket.report!({ type: 'socket.connectError', message: 'REQUEST_LIMIT', retrying: false }));
    expect(text(screen.getAllByRole('alert')[0])).toContain('The inbox is open in too many tabs. Close one and try again.');
    expect([socket.closed, refused]).toEqual([true, []]);
    // Nothing retries by itself.
    await act(async () => void vi.advanceTimersByTime(60_000));
    expect(socket.opened).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect([socket.opened, socket.closed]).toEqual([2, false]);
    expect(screen.queryByText('The inbox is open in too many tabs. Close one and try again.')).toBeNull();
  });

  it('tells the page when the server refused the socket for good', async () => {
    const api = fakeApi(() => page([GUEST, MEMBER]));
    const { socket, factory } = fakeSocket();
    const refused: string[] = [];
    render(<AgentInbox api={api.client} connectSocket={factory} onRefused={(message) => refused.push(message)} />);
    await settle();

    act(() => socket.report!({ type: 'socket.connectError', message: 'invalid-token', retrying: false }));
    expect([refused, socket.closed]).toEqual([['invalid-token'], true]);
  });
});
