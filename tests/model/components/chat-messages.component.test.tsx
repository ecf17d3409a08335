/**
 * The chat's message renderers (src/features/chat/MessageContent.tsx) on
 * every message type of spec 3: text (never read as HTML), buttons (web
 * opens only http(s) in a new tab, call dials, postback and text send),
 * media (image, video, file; only this origin's links), quick replies, the
 * generic carousel, a postback and an unknown type. What a press sends is
 * recorded by the replies the test passes. And the alerts' texts (spec 5).
 */
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render as renderBare, screen, within } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatButton, ChatMessageBody } from '../../../src/contract/chat.ts';
import { chatAlertText } from '../../../src/features/chat/chat-alerts.ts';
import { chatFileRefusal } from '../../../src/contract/rules/chat.ts';
import { messageText } from '../../../src/features/errors/messages.ts';
import { GenericCarousel, MessageContent, QuickReplies, type ChatReplies } from '../../../src/features/chat/MessageContent.tsx';

/** Renders in the app's language provider (English, as setup.ts activates it). */
const render = (ui: ReactElement) => renderBare(ui, { wrapper: ({ children }: { children: ReactNode }) => <I18nProvider i18n={i18n}>{children}</I18nProvider> });

const deliver = { id: 'deliver-0001', status: 'succeed' as const };

function replies() {
  return { sendText: vi.fn<ChatReplies['sendText']>(), sendPostback: vi.fn<ChatReplies['sendPostback']>() };
}

function show(body: ChatMessageBody, given = replies()) {
  const view = render(<MessageContent body={body} replies={given} />);
  return { view, replies: given };
}

describe('text', () => {
  it('shows the text as text: markup stays characters, nothing is parsed', () => {
    const text = '<img src=x onerror="alert(1)"><b>bold</b> & <script>alert(2)</script>';
    const { view } = show({ message_type: 'text', payload: { text }, deliver });
    expect(view.container.textContent).toBe(text);
    expect(view.container.querySelector('img, b, script')).toBeNull();
  });

  it('keeps line breaks of a long message', () => {
    const { view } = show({ message_type: 'text', payload: { text: 'line one\nline two' }, deliver });
    expect(view.container.querySelector('.chat-text')?.textContent).toBe('line one\nline two');
  });
});

describe('buttons', () => {
  const buttons: ChatButton[] = [
    { type: 'web', title: 'Our site', payload: 'https://example.com/help?x=1' },
    { type: 'call', title: 'Call us', payload: '+66 2-123 4567' },
    { type: 'postback', title: 'Deposit help', payload: 'HELP_DEPOSIT' },
  ];

  it('opens a web button in a new tab without opener or referrer', () => {
    show({ message_type: 'buttons', payload: { text: 'How can we help?' }, payloads: buttons, deliver });
    const link = screen.getByRole('link', { name: /Our site/ });
    expect(link.getAttribute('href')).toBe('https://example.com/help?x=1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByText('How can we help?')).toBeTruthy();
  });

  it('dials a call button', () => {
    show({ message_type: 'buttons', payload: { text: 'Call' }, payloads: buttons, deliver });
    expect(screen.getByRole('link', { name: /Call us/ }).getAttribute('href')).toBe('tel:+6621234567');
  });

  it('sends a postback with its title and payload, once per tap', () => {
    const { replies: sent } = show({ message_type: 'buttons', payload: { text: 'Menu' }, payloads: buttons, deliver });
    const button = screen.getByRole('button', { name: 'Deposit help' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(sent.sendPostback.mock.calls).toEqual([['Deposit help', 'HELP_DEPOSIT']]);
    expect(sent.sendText).not.toHaveBeenCalled();
  });

  it('sends a text button title as the customer text', () => {
    const { replies: sent } = show({
      message_type: 'buttons',
      payload: { text: 'Pick one' },
      payloads: [{ type: 'text', title: 'I forgot my password', payload: 'ignored' }],
      deliver,
    });
    fireEvent.click(screen.getByRole('button', { name: 'I forgot my password' }));
    expect(sent.sendText.mock.calls).toEqual([['I forgot my password']]);
    expect(sent.sendPostback).not.toHaveBeenCalled();
  });

  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(document.cookie)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['vbscript:msgbox(1)'],
    ['//evil.example/path'],
    ['not a url'],
  ])('does not make a link of the unsafe web address %s', (payload) => {
    const { view } = show({ message_type: 'buttons', payload: { text: 'Look' }, payloads: [{ type: 'web', title: 'Open', payload }], deliver });
    expect(screen.queryByRole('link')).toBeNull();
    expect(view.container.querySelector('[href]')).toBeNull();
    expect(screen.getByText('Open')).toBeTruthy();
  });

  it('does not dial what is not a phone number', () => {
    const { view } = show({ message_type: 'buttons', payload: { text: 'Call' }, payloads: [{ type: 'call', title: 'Call', payload: 'javascript:alert(1)' }], deliver });
    expect(view.container.querySelector('[href]')).toBeNull();
  });
});

describe('media', () => {
  const media = (fileType: 'image' | 'video' | 'file', filePath: string, url = true, message = '') =>
    ({ message_type: 'media', payload: { message, url, fileType, filePath }, deliver }) as const;

  it('shows an image that opens in a new tab, with its caption', () => {
    show(media('image', '/files/chat/abc.png?sig=1', true, 'My slip'));
    const link = screen.getByRole('link', { name: /My slip/ });
    expect(link.getAttribute('href')).toBe('/files/chat/abc.png?sig=1');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(link).getByRole('img', { name: 'My slip' }).getAttribute('src')).toBe('/files/chat/abc.png?sig=1');
    expect(screen.getAllByText('My slip').some((element) => element.classList.contains('chat-text'))).toBe(true);
  });

  it('plays a video with controls', () => {
    const { view } = show(media('video', '/files/chat/clip.mp4?sig=2'));
    const video = view.container.querySelector('video');
    expect(video?.getAttribute('src')).toBe('/files/chat/clip.mp4?sig=2');
    expect(video?.hasAttribute('controls')).toBe(true);
  });

  it('links a file', () => {
    show(media('file', '/files/chat/doc.pdf?sig=3'));
    expect(screen.getByRole('link', { name: 'Open the file' }).getAttribute('href')).toBe('/files/chat/doc.pdf?sig=3');
  });

  it('loads nothing from another origin or a script address', () => {
    for (const filePath of ['https://tracker.example/pixel.png', 'javascript:alert(1)']) {
      const { view } = show(media('image', filePath));
      expect(view.container.querySelector('img, [href]')).toBeNull();
      expect(within(view.container).getByText('Attachment')).toBeTruthy();
      view.unmount();
    }
  });

  it('does not take a stored path for a link', () => {
    const { view } = show(media('image', 'chat/2026/abc.png', false));
    expect(view.container.querySelector('img, [href]')).toBeNull();
  });
});

describe('quick replies', () => {
  it('shows the text in the bubble and sends a chip title as text or a postback', () => {
    const buttons: ChatButton[] = [
      { type: 'text', title: 'Yes', payload: '' },
      { type: 'postback', title: 'Talk to a person', payload: 'HUMAN' },
    ];
    const given = replies();
    show({ message_type: 'quick_replies', payload: { text: 'Did that help?' }, payloads: buttons, deliver }, given);
    expect(screen.getByText('Did that help?')).toBeTruthy();
    // The chips are drawn under the last message only (by the history), not inside the bubble.
    expect(screen.queryByRole('button')).toBeNull();
    render(<QuickReplies buttons={buttons} replies={given} />);
    const chips = screen.getByRole('group', { name: 'Quick replies' });
    fireEvent.click(within(chips).getByRole('button', { name: 'Yes' }));
    fireEvent.click(within(chips).getByRole('button', { name: 'Talk to a person' }));
    expect(given.sendText.mock.calls).toEqual([['Yes']]);
    expect(given.sendPostback.mock.calls).toEqual([['Talk to a person', 'HUMAN']]);
  });
});

describe('generic carousel', () => {
  it('lists the cards in a strip that scrolls by itself, with their buttons', () => {
    const given = replies();
    render(
      <GenericCarousel
        cards={[
          { image_url: '/files/chat/card1.png?sig=1', title: 'Bonus 100%', subtitle: 'First deposit', buttons: [{ type: 'postback', title: 'Get it', payload: 'BONUS_1' }] },
          { image_url: 'https://elsewhere.example/x.png', title: 'Cashback', subtitle: '', buttons: [{ type: 'web', title: 'Details', payload: 'https://example.com/cashback' }] },
        ]}
        replies={given}
      />,
    );
    const strip = screen.getByRole('list', { name: 'Cards' });
    expect(strip.getAttribute('tabindex')).toBe('0');
    const cards = within(strip).getAllByRole('listitem');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['1 of 2: Bonus 100%', '2 of 2: Cashback']);
    expect(cards[0]!.querySelector('img')?.getAttribute('src')).toBe('/files/chat/card1.png?sig=1');
    // Another origin's picture is not loaded; the box keeps its place.
    expect(cards[1]!.querySelector('img')).toBeNull();
    expect(cards[1]!.querySelector('.chat-card__image')).not.toBeNull();
    fireEvent.click(within(cards[0]!).getByRole('button', { name: 'Get it' }));
    expect(given.sendPostback.mock.calls).toEqual([['Get it', 'BONUS_1']]);
    expect(within(cards[1]!).getByRole('link', { name: /Details/ }).getAttribute('target')).toBe('_blank');
  });

  it('renders from a generic message', () => {
    show({ message_type: 'generic', payloads: [{ image_url: '', title: 'Only card', subtitle: 'Sub', buttons: [] }], deliver });
    expect(screen.getByRole('listitem', { name: '1 of 1: Only card' })).toBeTruthy();
    expect(screen.getByText('Sub')).toBeTruthy();
  });
});

describe('postback and unknown', () => {
  it('shows a postback by its title, never its payload', () => {
    const { view } = show({ message_type: 'postback', payload: { title: 'Deposit help', payload: 'HELP_DEPOSIT' }, deliver });
    expect(view.container.textContent).toBe('Deposit help');
  });

  it('says an unknown message cannot be shown', () => {
    const { view } = show({ message_type: 'unknown', payload: { anything: '<b>x</b>' }, deliver });
    expect(view.container.textContent).toBe('This message cannot be shown here');
  });
});

describe('alerts', () => {
  it("says the spec's words for a file too large, with its type's limit, and for one not supported", async () => {
    const codeText = vi.fn(async (code: string) => `text of ${code}`);
    await expect(chatAlertText(i18n, { message: 'CHAT_FILE_TOO_LARGE', limitMb: 20 }, codeText)).resolves.toBe(
      'The file is too large. Please select file no larger than 20 MB.',
    );
    await expect(chatAlertText(i18n, { message: 'CHAT_FILE_NOT_SUPPORTED' }, codeText)).resolves.toBe('File is not supported');
    await expect(chatAlertText(i18n, { message: 'CHAT_TEXT_INVALID' }, codeText)).resolves.toBe('text of CHAT_TEXT_INVALID');
    expect(codeText.mock.calls).toEqual([['CHAT_TEXT_INVALID']]);
  });

  it("tells a guest whose video is past the guest's limit what the server's 413 would, before any upload", async () => {
    const refusal = chatFileRefusal({ name: 'screen.mp4', size: 12 * 1024 * 1024 }, { guest: true });
    expect(refusal).toEqual({ code: 'CHAT_GUEST_VIDEO_TOO_LARGE', limitMb: 5 });
    await expect(chatAlertText(i18n, { message: 'CHAT_GUEST_VIDEO_TOO_LARGE', limitMb: 5 }, async (code) => messageText(i18n, code))).resolves.toBe(
      'Guests can send videos of up to 5 MB. Log in to send a larger video.',
    );
  });
});
