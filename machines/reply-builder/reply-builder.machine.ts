import { assertEvent, assign, setup } from 'xstate';
import { CHAT_BUILT_CARDS_MAX } from '../../src/contract/rules/chat.ts';
import { builtFits, builtMessage, emptyButton, emptyCard, MOST_CHOICES, shownButtons } from './built-message.ts';
import type { ReplyBuilderContext, ReplyBuilderEvent, ReplyBuilderInput, ReplyBuilderOutput, ReplyBuilderTag } from './reply-builder.types.ts';

export const replyBuilderMachine = setup({
  types: {
    context: {} as ReplyBuilderContext,
    events: {} as ReplyBuilderEvent,
    input: {} as ReplyBuilderInput,
    output: {} as ReplyBuilderOutput,
    tags: {} as ReplyBuilderTag,
  },
  actions: {
    choose: assign(({ event }) => {
      assertEvent(event, 'builder.choose');
      return { choice: event.choice };
    }),
    setText: assign(({ event }) => {
      assertEvent(event, 'builder.text');
      return { text: event.text };
    }),
    changeButton: assign(({ context, event }) => {
      assertEvent(event, 'builder.button');
      return { buttons: context.buttons.map((button, index) => (index === event.index ? event.button : button)) };
    }),
    // A quick reply sends its title as the customer's text; a button most often sends a value back.
    addButton: assign(({ context }) => ({ buttons: [...shownButtons(context), emptyButton(context.choice === 'quick_replies' ? 'text' : 'postback')] })),
    removeButton: assign(({ context, event }) => {
      assertEvent(event, 'builder.removeButton');
      return { buttons: context.buttons.filter((_, index) => index !== event.index) };
    }),
    changeCard: assign(({ context, event }) => {
      assertEvent(event, 'builder.card');
      return { cards: context.cards.map((card, index) => (index === event.index ? event.card : card)) };
    }),
    addCard: assign(({ context }) => ({ cards: [...context.cards, emptyCard()] })),
    removeCard: assign(({ context, event }) => {
      assertEvent(event, 'builder.removeCard');
      return { cards: context.cards.filter((_, index) => index !== event.index) };
    }),
    build: assign(({ context, event }) => {
      assertEvent(event, 'builder.send');
      return { message: builtMessage(context, event.id) };
    }),
  },
  guards: {
    fits: ({ context }) => builtFits(context),
    roomForButton: ({ context }) => context.kind === 'choices' && shownButtons(context).length < MOST_CHOICES[context.choice],
    buttonToSpare: ({ context, event }) => event.type === 'builder.removeButton' && shownButtons(context).length > 1 && event.index < shownButtons(context).length,
    roomForCard: ({ context }) => context.kind === 'cards' && context.cards.length < CHAT_BUILT_CARDS_MAX,
    cardToSpare: ({ context, event }) => event.type === 'builder.removeCard' && context.cards.length > 1 && event.index < context.cards.length,
  },
}).createMachine({
  id: 'replyBuilder',
  description:
    'A message the agent builds (spec 3): buttons (up to 3) or quick replies (up to 10) under a text, or up to 3 cards with a title, a subtitle, an image on this site and at most one button. Sending checks every field by the chat\'s rules; what is refused shows, field by field, until it passes and the message goes.',
  context: ({ input }) => ({ ...input, choice: 'buttons', text: '', buttons: [emptyButton()], cards: [emptyCard()], message: null }),
  output: ({ context }) => ({ message: context.message! }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'builder.choose': { actions: 'choose' },
        'builder.text': { actions: 'setText' },
        'builder.button': { actions: 'changeButton' },
        'builder.addButton': { guard: 'roomForButton', actions: 'addButton' },
        'builder.removeButton': { guard: 'buttonToSpare', actions: 'removeButton' },
        'builder.card': { actions: 'changeCard' },
        'builder.addCard': { guard: 'roomForCard', actions: 'addCard' },
        'builder.removeCard': { guard: 'cardToSpare', actions: 'removeCard' },
        'builder.send': [{ guard: 'fits', target: 'built', actions: 'build' }, { target: '.checked' }],
      },
      initial: 'fresh',
      states: {
        fresh: {},
        checked: {
          tags: 'checked',
          description: 'The agent tried to send what does not pass: each refused field says why.',
        },
      },
    },
    built: { type: 'final' },
  },
});
