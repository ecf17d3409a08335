/**
 * The chat's client-side rules (spec 5, src/contract/rules/chat.ts): which
 * files a customer may attach, as what, up to which size, and the text rule.
 * The limits are written out here independently of the contract's constants.
 */
import { describe, expect, it } from 'vitest';
import { chatAttachmentType, chatFileRefusal, chatTextRefusal, fileExtension } from '../../src/contract/rules/chat.ts';

const MB = 1024 * 1024;

describe('chat attachments', () => {
  it('reads the extension case-blind, and none from a name without one', () => {
    expect(['a.PNG', 'clip.tar.mp4', 'photo', '.hidden', 'photo.', 'x.jpeg'].map(fileExtension)).toEqual([
      'png',
      'mp4',
      '',
      '',
      '',
      'jpeg',
    ]);
  });

  it('sends png, jpg, jpeg, gif as images and mov, mp4 as videos; nothing else', () => {
    const names = ['a.png', 'a.jpg', 'a.JPEG', 'a.gif', 'a.mov', 'a.MP4', 'a.webp', 'a.pdf', 'mp4', 'a.png.exe'];
    expect(names.map(chatAttachmentType)).toEqual(['image', 'image', 'image', 'image', 'video', 'video', null, null, null, null]);
  });

  it('refuses a file without a supported extension, whatever its size', () => {
    expect(chatFileRefusal({ name: 'notes.pdf', size: 10 })).toEqual({ code: 'CHAT_FILE_NOT_SUPPORTED' });
    expect(chatFileRefusal({ name: 'photo', size: 10 })).toEqual({ code: 'CHAT_FILE_NOT_SUPPORTED' });
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
});

describe('chat text', () => {
  it('takes 1 to 2,000 characters once trimmed', () => {
    expect(chatTextRefusal('hello')).toBeNull();
    expect(chatTextRefusal(`  ${'x'.repeat(2000)}  `)).toBeNull();
    expect(chatTextRefusal('x'.repeat(2001))).toBe('CHAT_TEXT_INVALID');
    expect(chatTextRefusal('   \n ')).toBe('CHAT_TEXT_INVALID');
    expect(chatTextRefusal('')).toBe('CHAT_TEXT_INVALID');
  });
});
