/**
 * The agent inbox's builders: the chat's rules for a button or a card an
 * agent builds (src/contract/rules/chat.ts, with the codes the server
 * answers) and what a draft becomes (machines/reply-builder/built-message.ts):
 * whatever the rules let through the contract takes (the server checks
 * replies with it), while what they refuse would not show in the widget.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ChatMessageBody } from '../../src/contract/chat.ts';
import { chatButtonRefusal, chatCardRefusal } from '../../src/contract/rules/chat.ts';
import { emptyButton, emptyCard, toCard, toChatButton } from '../../machines/reply-builder/built-message.ts';
import type { ButtonDraft, CardDraft } from '../../machines/reply-builder/reply-builder.types.ts';

const origin = 'https://wallet.example';
const deliver = { id: 'deliver-0001', status: 'sending' } as const;
const sent = (card: CardDraft) => ({ message_type: 'generic' as const, payloads: [toCard(card, origin)], deliver });
const refused = <F extends string>(field: F) => ({ field, code: 'KEY_INVALID' as const });

describe('buttons', () => {
  it('sends a web button’s address normalised, a text button’s title, a postback’s value trimmed', () => {
    expect(toChatButton({ type: 'web', title: ' Site ', payload: ' https://example.com ' })).toEqual({ type: 'web', title: 'Site', payload: 'https://example.com/' });
    expect(toChatButton({ type: 'text', title: 'Yes', payload: 'ignored' })).toEqual({ type: 'text', title: 'Yes', payload: 'Yes' });
    expect(toChatButton({ type: 'postback', title: 'Deposit', payload: ' DEPOSIT ' })).toEqual({ type: 'postback', title: 'Deposit', payload: 'DEPOSIT' });
  });

  it('names what is refused: a title, an address that is no web page, a number that is no phone, an empty value', () => {
    const drafts: [ButtonDraft, ReturnType<typeof chatButtonRefusal>][] = [
      [emptyButton(), refused('title')],
      [{ type: 'text', title: 't'.repeat(81), payload: '' }, refused('title')],
      [{ type: 'web', title: 'Open', payload: 'javascript:alert(1)' }, refused('payload')],
      [{ type: 'web', title: 'Open', payload: '//evil.host/x' }, refused('payload')],
      [{ type: 'call', title: 'Call', payload: 'call me' }, refused('payload')],
      [{ type: 'postback', title: 'Send', payload: ' ' }, refused('payload')],
      [{ type: 'web', title: 'Open', payload: 'https://example.com' }, null],
    ];
    for (const [draft, refusal] of drafts) expect(chatButtonRefusal(draft), JSON.stringify(draft)).toEqual(refusal);
  });

  it('builds only buttons the contract takes', () => {
    const buttons: ButtonDraft[] = [
      { type: 'web', title: 'Site', payload: 'http://example.com/a' },
      { type: 'call', title: 'Call', payload: '+66 2 123 4567' },
      { type: 'postback', title: 'Deposit', payload: 'DEPOSIT' },
    ];
    const message = { message_type: 'buttons' as const, payload: { text: 'Choose' }, payloads: buttons.map(toChatButton), deliver };
    expect(buttons.map(chatButtonRefusal)).toEqual([null, null, null]);
    expect(v.safeParse(ChatMessageBody, message).success).toBe(true);
  });
});

describe('cards', () => {
  it('stores an image on this site as its path, which the contract takes', () => {
    for (const imageUrl of ['/images/bonuses/welcome.svg', ' https://wallet.example/files/chat/a.png?sig=1 ', '']) {
      const card: CardDraft = { ...emptyCard(), title: 'Bonus', imageUrl };
      expect(chatCardRefusal(card, origin), imageUrl).toBeNull();
      const image = toCard(card, origin).image_url;
      expect(image === '' || (image.startsWith('/') && !image.startsWith('//')), image).toBe(true);
      expect(v.safeParse(ChatMessageBody, sent(card)).success, imageUrl).toBe(true);
    }
  });

  it('refuses an image the widget would not show', () => {
    for (const imageUrl of ['https://other.example/a.png', '//evil.host/x', '/\\evil.host/x', 'https://wallet.example//evil.host/x', 'javascript:alert(1)']) {
      expect(chatCardRefusal({ ...emptyCard(), title: 'Bonus', imageUrl }, origin), imageUrl).toEqual(refused('image'));
    }
  });

  it('checks the title, then the subtitle, the image and the button', () => {
    expect(chatCardRefusal(emptyCard(), origin)).toEqual(refused('title'));
    expect(chatCardRefusal({ ...emptyCard(), title: 'Bonus', subtitle: 's'.repeat(301) }, origin)).toEqual(refused('subtitle'));
    expect(chatCardRefusal({ ...emptyCard(), title: 'Bonus', button: { type: 'web', title: 'Open', payload: 'javascript:alert(1)' } }, origin)).toEqual(refused('button'));
    const card: CardDraft = { title: ' Bonus ', subtitle: ' Up to 100% ', imageUrl: '/images/a.png', button: { type: 'web', title: 'Open', payload: 'https://example.com' } };
    expect(chatCardRefusal(card, origin)).toBeNull();
    expect(toCard(card, origin)).toEqual({
      title: 'Bonus',
      subtitle: 'Up to 100%',
      image_url: '/images/a.png',
      buttons: [{ type: 'web', title: 'Open', payload: 'https://example.com/' }],
    });
  });
});
