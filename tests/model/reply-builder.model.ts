/**
 * The builders of buttons and cards as test models: buttons or quick
 * replies (the text, a button that passes and one that does not, adding up
 * to the kind's most and removing), and cards (one that passes, one whose
 * image is another site's, one with a button that does not pass, adding up
 * to 3 and removing); sending what passes, and what does not.
 */
import { replyBuilderMachine } from '../../machines/reply-builder/reply-builder.machine.ts';
import type { ButtonDraft, CardDraft, ReplyBuilderContext } from '../../machines/reply-builder/reply-builder.types.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type ReplyBuilder = typeof replyBuilderMachine;
type Snapshot = Parameters<FlowModel<ReplyBuilder>['events']>[0];

export const ORIGIN = 'https://wallet.example';
export const SENT_ID = 'built-0001';

export const GOOD_BUTTON: ButtonDraft = { type: 'postback', title: 'Deposit', payload: 'DEPOSIT' };
export const BAD_BUTTON: ButtonDraft = { type: 'web', title: 'Open', payload: 'javascript:alert(1)' };
export const GOOD_CARD: CardDraft = { title: ' Bonus ', subtitle: 'Up to 100%', imageUrl: '/images/a.png', button: { type: 'web', title: 'Open', payload: 'https://example.com' } };
export const OTHER_SITE_CARD: CardDraft = { ...GOOD_CARD, imageUrl: 'https://other.example/a.png' };
export const BAD_BUTTON_CARD: CardDraft = { ...GOOD_CARD, button: BAD_BUTTON };

const editing = (snapshot: Snapshot) => snapshot.matches('editing');
const none = () => [] as never[];
const shown = (context: ReplyBuilderContext) => context.buttons.slice(0, context.choice === 'buttons' ? 3 : 10);

const choiceEvents = {
  'builder.choose': (snapshot) => (editing(snapshot) ? [{ type: 'builder.choose', choice: snapshot.context.choice === 'buttons' ? 'quick_replies' : 'buttons' }] : []),
  'builder.text': (snapshot) => (editing(snapshot) ? [{ type: 'builder.text', text: snapshot.context.text === '' ? 'How can we help?' : '' }] : []),
  'builder.button': (snapshot) =>
    editing(snapshot)
      ? [GOOD_BUTTON, BAD_BUTTON].filter((button) => button !== snapshot.context.buttons[0]).map((button) => ({ type: 'builder.button' as const, index: 0, button }))
      : [],
  // Up to the kind's most, and one more asked for where the buttons' most is reached.
  'builder.addButton': (snapshot) => (editing(snapshot) && shown(snapshot.context).length <= 3 ? [{ type: 'builder.addButton' }] : []),
  'builder.removeButton': (snapshot) => (editing(snapshot) ? [{ type: 'builder.removeButton', index: shown(snapshot.context).length - 1 }] : []),
  'builder.card': none,
  'builder.addCard': none,
  'builder.removeCard': none,
  'builder.send': (snapshot) => (editing(snapshot) ? [{ type: 'builder.send', id: SENT_ID }] : []),
} satisfies EventFixtures<ReplyBuilder>;

const cardEvents = {
  'builder.choose': none,
  'builder.text': none,
  'builder.button': none,
  'builder.addButton': none,
  'builder.removeButton': none,
  'builder.card': (snapshot) =>
    editing(snapshot)
      ? [GOOD_CARD, OTHER_SITE_CARD, BAD_BUTTON_CARD].filter((card) => card !== snapshot.context.cards[0]).map((card) => ({ type: 'builder.card' as const, index: 0, card }))
      : [],
  // Up to 3, and one more asked for.
  'builder.addCard': (snapshot) => (editing(snapshot) && snapshot.context.cards.length <= 3 ? [{ type: 'builder.addCard' }] : []),
  'builder.removeCard': (snapshot) => (editing(snapshot) ? [{ type: 'builder.removeCard', index: snapshot.context.cards.length - 1 }] : []),
  'builder.send': (snapshot) => (editing(snapshot) ? [{ type: 'builder.send', id: SENT_ID }] : []),
} satisfies EventFixtures<ReplyBuilder>;

const which = (value: unknown, named: Record<string, unknown>) => Object.entries(named).find(([, known]) => known === value)?.[0] ?? 'empty';

export const replyBuilderModels: FlowModel<ReplyBuilder>[] = [
  {
    name: 'buttons or quick replies',
    machine: replyBuilderMachine,
    input: { kind: 'choices', origin: ORIGIN },
    events: offerAll(choiceEvents),
    replies: {},
    abstraction: ({ context }) => ({
      choice: context.choice,
      text: context.text !== '',
      first: which(context.buttons[0], { good: GOOD_BUTTON, bad: BAD_BUTTON }),
      buttons: context.buttons.length,
      shown: shown(context).length,
    }),
  },
  {
    name: 'cards',
    machine: replyBuilderMachine,
    input: { kind: 'cards', origin: ORIGIN },
    events: offerAll(cardEvents),
    replies: {},
    abstraction: ({ context }) => ({
      first: which(context.cards[0], { good: GOOD_CARD, 'other site': OTHER_SITE_CARD, 'bad button': BAD_BUTTON_CARD }),
      cards: context.cards.length,
    }),
  },
];
