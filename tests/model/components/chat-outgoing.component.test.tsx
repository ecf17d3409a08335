/**
 * A message the customer sends, as the panel draws it
 * (src/features/chat/OutgoingItem.tsx) from its machines/chat-media actor
 * with the upload and send played by the test: a progress bar per
 * uploading file, "waiting for the connection" offline, a failed item with
 * its reason and Retry (the upload again) and Remove, and a text on its way.
 * Time is vitest's fake clock (the 500 ms send delay).
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { chatMediaMachine } from '../../../machines/chat-media/chat-media.machine.ts';
import type { ChatMediaInput, SendAnswer, SendInput, UploadAnswer, UploadInput } from '../../../machines/chat-media/chat-media.types.ts';
import { OutgoingItem } from '../../../src/features/chat/OutgoingItem.tsx';

/** One pending call the test answers. */
interface Pending<I, A> {
  input: I;
  resolve: (answer: A) => void;
  reject: (error: Error) => void;
}

let uploads: Pending<UploadInput, UploadAnswer>[];
let sends: Pending<SendInput, SendAnswer>[];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  uploads = [];
  sends = [];
});
afterEach(() => vi.useRealTimers());

function item(input: Partial<ChatMediaInput> & Pick<ChatMediaInput, 'item'>) {
  const logic = chatMediaMachine.provide({
    actors: {
      upload: fromPromise<UploadAnswer, UploadInput>(({ input: asked }) => new Promise((resolve, reject) => uploads.push({ input: asked, resolve, reject }))),
      send: fromPromise<SendAnswer, SendInput>(({ input: asked }) => new Promise((resolve, reject) => sends.push({ input: asked, resolve, reject }))),
    },
  });
  const actor = createActor(logic, { input: { deliverId: 'deliver-test-1', online: true, writer: 'guest', userId: null, guestId: 'g0123', ...input } }).start();
  render(
    <I18nProvider i18n={i18n}>
      <OutgoingItem item={actor} />
    </I18nProvider>,
  );
  return actor;
}

/** Lets settled promises reach the machine and React. */
async function flush() {
  await act(async () => {
    for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
  });
}

const photo = () => new File([new Uint8Array(2048)], 'slip.png', { type: 'image/png' });

describe('a file being sent', () => {
  it('shows its upload progress as a progress bar', async () => {
    item({ item: { kind: 'file', file: photo() } });
    await flush();
    expect(uploads).toHaveLength(1);
    act(() => uploads[0]!.input.reportProgress(42));
    const bar = screen.getByRole('progressbar', { name: 'Uploading slip.png' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.getByText('Uploading… 42%')).toBeTruthy();
  });

  it('waits for the connection while offline', async () => {
    item({ item: { kind: 'file', file: photo() }, online: false });
    await flush();
    expect(uploads).toHaveLength(0);
    expect(screen.getByText('Waiting for the connection…')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('fails with its reason, Retry uploads again and Remove drops it', async () => {
    const actor = item({ item: { kind: 'file', file: photo() } });
    await flush();
    uploads[0]!.reject(new Error('offline'));
    await flush();
    expect(screen.getByRole('alert').textContent).toContain('Not sent.');
    expect(screen.getByRole('alert').textContent).toContain('We could not reach the server');

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await flush();
    expect(uploads).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByRole('progressbar')).toBeTruthy();

    uploads[1]!.resolve({ ok: false, message: 'CHAT_FILE_NOT_SUPPORTED' });
    await flush();
    expect(screen.getByRole('alert').textContent).toContain('File is not supported');
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'removed' });
  });
});

describe('a text being sent', () => {
  it('shows the text trimmed and "sending" until the server has it', async () => {
    item({ item: { kind: 'text', text: '  hello there  ' } });
    await flush();
    expect(screen.getByText('hello there')).toBeTruthy();
    expect(screen.getByText('Sending…')).toBeTruthy();
    expect(sends).toHaveLength(0);
    await act(async () => vi.advanceTimersByTimeAsync(500));
    expect(sends).toHaveLength(1);
    expect(sends[0]!.input).toMatchObject({ sender: 'customer', guestId: 'g0123', message: { message_type: 'text', payload: { text: 'hello there' } } });
  });

  it('shows a postback by its title', async () => {
    item({ item: { kind: 'postback', title: 'Talk to a person', payload: 'HUMAN' } });
    await flush();
    expect(screen.getByText('Talk to a person')).toBeTruthy();
    expect(screen.queryByText('HUMAN')).toBeNull();
  });
});
