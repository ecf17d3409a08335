/**
 * The agent inbox's builders (src/features/ops/inbox/builder-rules.ts): what
 * a button or a card the agent fills in becomes, and that whatever the
 * builder lets through the contract takes (the server checks replies with
 * it), while what it refuses would not show in the widget.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ChatMessageBody } from '../../src/contract/chat.ts';
import { buttonProblem, cardProblem, emptyButton, emptyCard, toCard, toChatButton, type ButtonDraft, type CardDraft } from '../../src/features/ops/inbox/builder-rules.ts';

const origin = 'https://wallet.example';
const deliver = { id: 'deliver-0001', status: 'sending' } as const;
const sent = (card: CardDraft) => ({ message_type: 'generic' as const, payloads: [toCard(card, origin)], deliver });

describe('buttons', () => {
  it('sends a web button’s address normalised, a text button’s title, a postback’s value trimmed', () => {
    expect(toChatButton({ type: 'web', title: ' Site ', payload: ' https://example.com ' })).toEqual({ type: 'web', title: 'Site', payload: 'https://example.com/' });
    expect(toChatButton({ type: 'text', title: 'Yes', payload: 'ignored' })).toEqual({ type: 'text', title: 'Yes', payload: 'Yes' });
    expect(toChatButton({ type: 'postback', title: 'Deposit', payload: ' DEPOSIT ' })).toEqual({ type: 'postback', title: 'Deposit', payload: 'DEPOSIT' });
  });

  it('names what is wrong: a title, an address that is no web page, a number that is no phone, an empty value', () => {
    const drafts: [ButtonDraft, ReturnType<typeof buttonProblem>][] = [
      [emptyButton(), 'title'],
      [{ type: 'text', title: 't'.repeat(81), payload: '' }, 'title'],
      [{ type: 'web', title: 'Open', payload: 'javascript:alert(1)' }, 'web'],
      [{ type: 'web', title: 'Open', payload: '//evil.host/x' }, 'web'],
      [{ type: 'call', title: 'Call', payload: 'call me' }, 'call'],
      [{ type: 'postback', title: 'Send', payload: ' ' }, 'postback'],
      [{ type: 'web', title: 'Open', payload: 'https://example.com' }, null],
    ];
    for (const [draft, problem] of drafts) expect(buttonProblem(draft), JSON.stringify(draft)).toBe(problem);
  });

  it('builds only buttons the contract takes', () => {
    const buttons: ButtonDraft[] = [
      { type: 'web', title: 'Site', payload: 'http://example.com/a' },
      { type: 'call', title: 'Call', payload: '+66 2 123 4567' },
      { type: 'postback', title: 'Deposit', payload: 'DEPOSIT' },
    ];
    const message = { message_type: 'buttons' as const, payload: { text: 'Choose' }, payloads: buttons.map(toChatButton), deliver };
    expect(buttons.map(buttonProblem)).toEqual([null, null, null]);
    expect(v.safeParse(ChatMessageBody, message).success).toBe(true);
  });
});

describe('cards', () => {
  it('stores an image on this site as its path, which the contract takes', () => {
    for (const imageUrl of ['/images/bonuses/welcome.svg', ' https://wallet.example/files/chat/a.png?sig=1 ', '']) {
      const card: CardDraft = { ...emptyCard(), title: 'Bonus', imageUrl };
      expect(cardProblem(card, origin), imageUrl).toBeNull();
      const image = toCard(card, origin).image_url;
      expect(image === '' || (image.startsWith('/') && !image.startsWith('//')), image).toBe(true);
      expect(v.safeParse(ChatMessageBody, sent(card)).success, imageUrl).toBe(true);
    }
  });

  it('refuses an image the widget would not show', () => {
    for (const imageUrl of ['https://other.example/a.png', '//evil.host/x', '/\\evil.host/x', 'https://wallet.example//evil.host/x', 'javascript:alert(1)']) {
      expect(cardProblem({ ...emptyCard(), title: 'Bonus', imageUrl }, origin), imageUrl).toBe('image');
    }
  });

  it('checks the title, then the subtitle, the image and the button', () => {
    expect(cardProblem(emptyCard(), origin)).toBe('title');
    expect(cardProblem({ ...emptyCard(), title: 'Bonus', subtitle: 's'.repeat(301) }, origin)).toBe('subtitle');
    expect(cardProblem({ ...emptyCard(), title: 'Bonus', button: { type: 'web', title: 'Open', payload: 'javascript:alert(1)' } }, origin)).toBe('button');
    const card: CardDraft = { title: ' Bonus ', subtitle: ' Up to 100% ', imageUrl: '/images/a.png', button: { type: 'web', title: 'Open', payload: 'https://example.com' } };
    expect(cardProblem(card, origin)).toBeNull();
    expect(toCard(card, origin)).toEqual({
      title: 'Bonus',
      subtitle: 'Up to 100%',
      image_url: '/images/a.png',
      buttons: [{ type: 'web', title: 'Open', payload: 'https://example.com/' }],
    });
  });
});
