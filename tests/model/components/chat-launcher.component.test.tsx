/**
 * The chat widget's gate on the contact pages (src/features/contact/ChatLauncher.tsx;
 * spec 2: the widget shows when the enableChatWidget lookup says so; spec 7:
 * the chat is set up only if a chat backend answers its config): no button
 * when the lookup says no or cannot be read, none when the config is missing
 * or has no prefix, and the "Open chat" button when both say yes. The API
 * is the replays' fake: each call waits until the test answers it.
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatLauncher } from '../../../src/features/contact/ChatLauncher.tsx';
import { newFakeApi, type FakeApi } from '../support/fake-api.ts';

/** Lets settled promises reach the machine and React. */
async function flush() {
  await act(async () => {
    for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
  });
}

function show(api: FakeApi) {
  render(
    <I18nProvider i18n={i18n}>
      <ChatLauncher audience="guest" />
    </I18nProvider>,
  );
  return api;
}

/** Answers the one call the view is waiting for, which must be `name`. */
async function answer(api: FakeApi, name: string, result: { ok: true; data: unknown } | { ok: false; message: string } | Error) {
  await flush();
  const calls = api.take();
  expect(calls.map((call) => call.name)).toEqual([name]);
  if (result instanceof Error) calls[0]!.reject(result);
  else calls[0]!.resolve(result);
  await flush();
}

const openChat = () => screen.queryByRole('button', { name: 'Open chat' });

describe('chat widget gate', () => {
  it('shows no button and asks for no config when the widget is off', async () => {
    const api = show(newFakeApi());
    await answer(api, 'lookupEnableChatWidget', { ok: true, data: { enableChatWidget: false } });
    expect(openChat()).toBeNull();
    expect(api.take()).toEqual([]);
  });

  it('shows no button when the lookup cannot be read', async () => {
    const api = show(newFakeApi());
    await answer(api, 'lookupEnableChatWidget', new Error('offline'));
    expect(openChat()).toBeNull();
    expect(api.take().filter((call) => call.name === 'chatConfig')).toEqual([]);
  });

  it('shows no button when no chat backend answers the config', async () => {
    const api = show(newFakeApi());
    await answer(api, 'lookupEnableChatWidget', { ok: true, data: { enableChatWidget: true } });
    expect(openChat()).toBeNull();
    await answer(api, 'chatConfig', { ok: false, message: 'NOT_FOUND' });
    expect(openChat()).toBeNull();
  });

  it('shows no button when the config cannot be read', async () => {
    const api = show(newFakeApi());
    await answer(api, 'lookupEnableChatWidget', { ok: true, data: { enableChatWidget: true } });
    await answer(api, 'chatConfig', new Error('offline'));
    expect(openChat()).toBeNull();
  });

  it('shows no button when the config names no prefix', async () => {
    const api = show(newFakeApi());
    await answer(api, 'lookupEnableChatWidget', { ok: true, data: { enableChatWidget: true } });
    await answer(api, 'chatConfig', { ok: true, data: { PREFIX: '' } });
    expect(openChat()).toBeNull();
  });

  it('shows the round chat button when the widget is on and a backend answers', async () => {
    const api = show(newFakeApi());
    await answer(api, 'lookupEnableChatWidget', { ok: true, data: { enableChatWidget: true } });
    await answer(api, 'chatConfig', { ok: true, data: { PREFIX: 'chat' } });
    const button = openChat();
    expect(button).not.toBeNull();
    expect(button!.getAttribute('aria-haspopup')).toBe('dialog');
    expect(button!.classList.contains('chat-launcher')).toBe(true);
  });
});
