import type { ReplyBuilderContext } from '../../machines/reply-builder/reply-builder.types.ts';
import { BAD_BUTTON, GOOD_BUTTON, GOOD_CARD, ORIGIN, replyBuilderModels, SENT_ID } from './reply-builder.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey, type FlowModel } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

/** spec 3, written out independently: the most buttons and quick replies, and cards the builder makes. */
const MOST = { buttons: 3, quick_replies: 10 };
const MOST_CARDS = 3;
const empty = { type: 'postback', title: '', payload: '' };

function check({ event, before, after, calls }: ReplayedStep, flow: FlowModel) {
  const previous = before?.context as ReplyBuilderContext;
  const context = after.context as ReplyBuilderContext;
  const now = stateKey(after);
  const was = before ? stateKey(before) : '';
  const unchanged = () => expect([now, context]).toEqual([was, previous]);
  const shown = (of: ReplyBuilderContext) => of.buttons.slice(0, MOST[of.choice]);
  expect(calls).toEqual([]);

  switch (event.type) {
    case 'xstate.init':
      expect([now, context]).toEqual([
        'editing.fresh',
        { ...(flow.input as object), choice: 'buttons', text: '', buttons: [empty], cards: [{ title: '', subtitle: '', imageUrl: '', button: null }], message: null },
      ]);
      break;
    case 'builder.choose':
      expect([now, context]).toEqual([was, { ...previous, choice: event.choice }]);
      break;
    case 'builder.text':
      expect([now, context]).toEqual([was, { ...previous, text: event.text }]);
      break;
    case 'builder.button':
      expect([now, context.buttons]).toEqual([was, previous.buttons.map((button, index) => (index === event.index ? event.button : button))]);
      break;
    case 'builder.card':
      expect([now, context.cards]).toEqual([was, previous.cards.map((card, index) => (index === event.index ? event.card : card))]);
      break;
    case 'builder.addButton':
      if (shown(previous).length >= MOST[previous.choice]) return unchanged();
      // A quick reply sends its title; a button most often a value back.
      expect(context.buttons).toEqual([...shown(previous), { ...empty, type: previous.choice === 'quick_replies' ? 'text' : 'postback' }]);
      break;
    case 'builder.removeButton':
      if (shown(previous).length <= 1) return unchanged();
      expect(context.buttons).toEqual(previous.buttons.filter((_, index) => index !== event.index));
      break;
    case 'builder.addCard':
      if (previous.cards.length >= MOST_CARDS) return unchanged();
      expect(context.cards).toEqual([...previous.cards, { title: '', subtitle: '', imageUrl: '', button: null }]);
      break;
    case 'builder.removeCard':
      if (previous.cards.length <= 1) return unchanged();
      expect(context.cards).toEqual(previous.cards.slice(0, -1));
      break;
    case 'builder.send': {
      const fits =
        previous.kind === 'choices'
          ? previous.text.trim() !== '' && shown(previous).every((button) => button === GOOD_BUTTON)
          : previous.cards.every((card) => card === GOOD_CARD);
      if (!fits) {
        // Every refused field shows, until it passes.
        expect([now, context]).toEqual(['editing.checked', previous]);
        break;
      }
      const deliver = { id: SENT_ID, status: 'sending' };
      const message =
        previous.kind === 'choices'
          ? { message_type: previous.choice, payload: { text: previous.text.trim() }, payloads: shown(previous).map(() => ({ type: 'postback', title: 'Deposit', payload: 'DEPOSIT' })), deliver }
          : {
              message_type: 'generic',
              payloads: previous.cards.map(() => ({ title: 'Bonus', subtitle: 'Up to 100%', image_url: '/images/a.png', buttons: [{ type: 'web', title: 'Open', payload: 'https://example.com/' }] })),
              deliver,
            };
      expect([after.status, after.output]).toEqual(['done', { message }]);
      break;
    }
    default:
      throw new Error(`no check for ${event.type}`);
  }
  // The builder never lets a script through as an address, nor an image of another site.
  expect(JSON.stringify(after.output ?? null)).not.toContain(BAD_BUTTON.payload);
  expect(JSON.stringify(after.output ?? null)).not.toContain('other.example');
  expect((flow.input as { origin: string }).origin).toBe(ORIGIN);
}

describeModels('reply-builder', replyBuilderModels, {
  tags: { 'editing.fresh': [], 'editing.checked': ['checked'], built: [] },
  check,
});
