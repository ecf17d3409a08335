/**
 * The chat's input rules (spec 5, spec 3 button and generic card;
 * src/contract/rules/chat.ts): text, titles, canned replies, files and
 * links; and that the contract's schemas, which the server checks requests
 * with, give the same answer with the same code. The limits are written out
 * here independently of the rules' constants.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CannedReplyRequest, ChatMessageBody } from '../../src/contract/chat.ts';
import {
  CHAT_BUTTONS_MAX,
  CHAT_QUICK_REPLIES_MAX,
  callButtonHref,
  cannedReplyRefusal,
  cardImageRefusal,
  chatAttachmentType,
  chatFileRefusal,
  chatTextRefusal,
  chatTitleRefusal,
  fileExtension,
  mediaUrl,
  webButtonUrl,
} from '../../src/contract/rules/chat.ts';

const MB = 1024 * 1024;

/** What the server answers for a body the schema refuses: the first issue's code (src/server/validation.ts), or null when it passes. */
function contractAnswer(schema: v.GenericSchema, input: unknown): string | null {
  const result = v.safeParse(schema, input);
  return result.success ? null : result.issues[0].message;
}

const deliver = { id: 'deliver-0001', status: 'sending' };
const withButton = (button: { type: string; title: string; payload: string }) => ({
  message_type: 'buttons',
  payload: { text: 'Choose' },
  payloads: [button],
  deliver,
});
const withCard = (card: Record<string, unknown>) => ({ message_type: 'generic', payloads: [{ title: 'Bonus', ...card }], deliver });

describe('chat attachments', () => {
  it('reads the extension case-blind, and none from a name without one', () => {
    expect(['a.PNG', 'clip.tar.mp4', 'photo', '.hidden', 'photo.', 'x.jpeg', '.png'].map(fileExtension)).toEqual([
      'png',
      'mp4',
      '',
      '',
      '',
      'jpeg',
      '',
    ]);
  });

  it('sends png, jpg, jpeg, gif as images and mov, mp4 as videos; nothing else', () => {
    const names = ['a.png', 'a.jpg', 'a.JPEG', 'a.gif', 'a.mov', 'a.MP4', 'a.webp', 'a.pdf', 'mp4', 'a.png.exe', '.png'];
    expect(names.map(chatAttachmentType)).toEqual(['image', 'image', 'image', 'image', 'video', 'video', null, null, null, null, null]);
  });

  it('refuses a file without a supported extension, whatever its size', () => {
    expect(chatFileRefusal({ name: 'notes.pdf', size: 10 })).toEqual({ code: 'CHAT_FILE_NOT_SUPPORTED' });
    expect(chatFileRefusal({ name: 'photo', size: 10 })).toEqual({ code: 'CHAT_FILE_NOT_SUPPORTED' });
    expect(chatFileRefusal({ name: 'notes.pdf', size: 30 * MB })).toEqual({ code: 'CHAT_FILE_NOT_SUPPORTED' });
  });

  it('refuses an empty file as not supported, as the server does after reading its content', () => {
    expect(chatFileRefusal({ name: 'photo.png', size: 0 })).toEqual({ code: 'CHAT_FILE_NOT_SUPPORTED' });
    expect(chatFileRefusal({ name: 'clip.mp4', size: 0 })).toEqual({ code: 'CHAT_FILE_NOT_SUPPORTED' });
    expect(chatFileRefusal({ name: 'photo.png', size: 1 })).toBeNull();
  });

  it('takes an image up to 10 MB and a video up to 20 MB, and names the limit of a larger one', () => {
    expect(chatFileRefusal({ name: 'a.jpg', size: 10 * MB })).toBeNull();
    expect(chatFileRefusal({ name: 'a.jpg', size: 10 * MB + 1 })).toEqual({ code: 'CHAT_FILE_TOO_LARGE', limitMb: 10 });
    expect(chatFileRefusal({ name: 'a.mov', size: 20 * MB })).toBeNull();
    expect(chatFileRefusal({ name: 'a.mov', size: 20 * MB + 1 })).toEqual({ code: 'CHAT_FILE_TOO_LARGE', limitMb: 20 });
    // An image between the two limits is too large; a video of that size is not.
    expect(chatFileRefusal({ name: 'a.gif', size: 15 * MB })).toEqual({ code: 'CHAT_FILE_TOO_LARGE', limitMb: 10 });
    expect(chatFileRefusal({ name: 'a.mp4', size: 15 * MB })).toBeNull();
  });

  it("takes a guest's video up to 5 MB, and names the guest's limit past it, as the server's 413 does", () => {
    const guest = { guest: true };
    expect(chatFileRefusal({ name: 'clip.mp4', size: 5 * MB }, guest)).toBeNull();
    expect(chatFileRefusal({ name: 'clip.mp4', size: 5 * MB + 1 }, guest)).toEqual({ code: 'CHAT_GUEST_VIDEO_TOO_LARGE', limitMb: 5 });
    expect(chatFileRefusal({ name: 'clip.MOV', size: 12 * MB }, guest)).toEqual({ code: 'CHAT_GUEST_VIDEO_TOO_LARGE', limitMb: 5 });
    // Past a member's limit too: the server answers the guest's code for any guest video past 5 MB.
    expect(chatFileRefusal({ name: 'clip.mp4', size: 25 * MB }, guest)).toEqual({ code: 'CHAT_GUEST_VIDEO_TOO_LARGE', limitMb: 5 });
    // A member's video of the same size goes; a guest's image keeps the image limit.
    expect(chatFileRefusal({ name: 'clip.mp4', size: 12 * MB })).toBeNull();
    expect(chatFileRefusal({ name: 'clip.mp4', size: 12 * MB }, { guest: false })).toBeNull();
    expect(chatFileRefusal({ name: 'a.jpg', size: 8 * MB }, guest)).toBeNull();
    expect(chatFileRefusal({ name: 'a.jpg', size: 10 * MB + 1 }, guest)).toEqual({ code: 'CHAT_FILE_TOO_LARGE', limitMb: 10 });
  });
});

describe('chat text', () => {
  const texts = ['hello', `  ${'x'.repeat(2000)}  `, 'x'.repeat(2000), 'x'.repeat(2001), '   \n ', ''];

  it('takes 1 to 2,000 characters once trimmed', () => {
    expect(texts.map(chatTextRefusal)).toEqual([null, null, null, 'CHAT_TEXT_INVALID', 'CHAT_TEXT_INVALID', 'CHAT_TEXT_INVALID']);
  });

  it('is the rule the contract checks a text message with', () => {
    for (const text of texts) {
      expect(contractAnswer(ChatMessageBody, { message_type: 'text', payload: { text }, deliver }), JSON.stringify(text)).toBe(chatTextRefusal(text));
    }
  });
});

describe('buttons and quick replies', () => {
  const button = { type: 'postback', title: 'Yes', payload: 'YES' };
  const offering = (kind: 'buttons' | 'quick_replies', count: number) => ({
    message_type: kind,
    payload: { text: 'Choose' },
    payloads: Array.from({ length: count }, () => button),
    deliver,
  });

  it('takes up to 3 buttons and up to 10 quick replies, the limits the agent inbox builds to', () => {
    expect([CHAT_BUTTONS_MAX, CHAT_QUICK_REPLIES_MAX]).toEqual([3, 10]);
    expect([contractAnswer(ChatMessageBody, offering('buttons', 3)), contractAnswer(ChatMessageBody, offering('buttons', 4))]).toEqual([null, 'KEY_INVALID']);
    expect([contractAnswer(ChatMessageBody, offering('quick_replies', 10)), contractAnswer(ChatMessageBody, offering('quick_replies', 11))]).toEqual([
      null,
      'KEY_INVALID',
    ]);
  });
});

describe('titles and canned replies', () => {
  const titles = ['Deposit', `  ${'t'.repeat(80)} `, 't'.repeat(81), '  ', ''];

  it('takes a title of 1 to 80 characters once trimmed; anything else is a bad field', () => {
    expect(titles.map(chatTitleRefusal)).toEqual([null, null, 'KEY_INVALID', 'KEY_INVALID', 'KEY_INVALID']);
  });

  it('checks a canned reply’s title, then its text', () => {
    expect(cannedReplyRefusal({ title: 'Greeting', text: 'Hello' })).toBeNull();
    expect(cannedReplyRefusal({ title: ' ', text: 'Hello' })).toBe('KEY_INVALID');
    expect(cannedReplyRefusal({ title: 'Greeting', text: ' ' })).toBe('CHAT_TEXT_INVALID');
    expect(cannedReplyRefusal({ title: '', text: '' })).toBe('KEY_INVALID');
  });

  it('answers as the contract does for every pair of a title and a text', () => {
    for (const title of titles) {
      for (const text of ['Hello', '', 'x'.repeat(2001)]) {
        expect(contractAnswer(CannedReplyRequest, { title, text }), `${title.length} ${text.length}`).toBe(cannedReplyRefusal({ title, text }));
      }
    }
  });

  it('is the rule of a button’s title too', () => {
    for (const title of titles) {
      expect(contractAnswer(ChatMessageBody, withButton({ type: 'postback', title, payload: 'P' })), title).toBe(chatTitleRefusal(title));
    }
  });
});

describe('links', () => {
  it('opens only absolute http and https addresses from a web button', () => {
    expect(webButtonUrl(' https://example.com/a?b=1 ')).toBe('https://example.com/a?b=1');
    expect(webButtonUrl('http://example.com')).toBe('http://example.com/');
    const unsafe = ['javascript:alert(1)', ' JAVASCRIPT:alert(1)', 'java\nscript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'ftp://x.example', '/relative', '//evil.example/x', ''];
    for (const address of unsafe) expect(webButtonUrl(address), address).toBeNull();
  });

  it('dials only phone numbers', () => {
    expect(callButtonHref('+66 (2) 123-4567')).toBe('tel:+6621234567');
    expect(callButtonHref('1234*5#')).toBe('tel:1234*5#');
    for (const bad of ['javascript:alert(1)', 'tel:123', '12', '+66 2 123 4567 ext 9']) expect(callButtonHref(bad), bad).toBeNull();
  });

  it('loads media from this origin only, as a path, or a blob this page made', () => {
    const origin = 'https://wallet.example';
    expect(mediaUrl('/files/chat/a.png?sig=1', origin)).toBe('/files/chat/a.png?sig=1');
    expect(mediaUrl('https://wallet.example/files/chat/a.png', origin)).toBe('/files/chat/a.png');
    expect(mediaUrl('blob:https://wallet.example/0d1e', origin)).toBe('blob:https://wallet.example/0d1e');
    const elsewhere = [
      'https://other.example/a.png',
      '//other.example/a.png',
      '/\\other.example/a.png',
      // This origin's address whose path the browser would read as another host.
      'https://wallet.example//other.example/a.png',
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'blob:https://other.example/1',
    ];
    for (const bad of elsewhere) expect(mediaUrl(bad, origin), bad).toBeNull();
  });

  it('stores a card image that is empty, an http(s) address or a path on this site; nothing else', () => {
    for (const good of ['', '/images/bonuses/welcome.svg', '/files/chat/a.png?sig=1', 'https://example.com/a.png', 'http://example.com/a.png']) {
      expect(cardImageRefusal(good), good).toBeNull();
    }
    for (const bad of ['//evil.host/x', '/\\evil.host/x', '/\t/evil.host/x', 'javascript:alert(1)', 'data:image/png;base64,AAAA', 'images/a.png', 'ftp://example.com/a.png']) {
      expect(cardImageRefusal(bad), bad).toBe('KEY_INVALID');
    }
  });

  it('is the rule the contract checks web buttons, a card’s buttons and its image with', () => {
    for (const payload of ['https://example.com', 'javascript:alert(1)', '//evil.host/x', '/relative']) {
      const expected = webButtonUrl(payload) === null ? 'KEY_INVALID' : null;
      expect(contractAnswer(ChatMessageBody, withButton({ type: 'web', title: 'Open', payload })), payload).toBe(expected);
      expect(contractAnswer(ChatMessageBody, withCard({ buttons: [{ type: 'web', title: 'Open', payload }] })), payload).toBe(expected);
      // Only a web button's payload is an address: a postback may carry anything.
      expect(contractAnswer(ChatMessageBody, withButton({ type: 'postback', title: 'Send', payload })), payload).toBeNull();
    }
    for (const image_url of ['', '/images/a.png', 'https://example.com/a.png', '//evil.host/x', 'javascript:alert(1)']) {
      expect(contractAnswer(ChatMessageBody, withCard({ image_url })), image_url).toBe(cardImageRefusal(image_url));
    }
  });
});
