import { assertEvent, assign, setup } from 'xstate';
import { notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import { okData, type Result } from '../shared/result.ts';
import type { SlipImageContext, SlipImageEvent, SlipImageTag } from './slip-image.types.ts';

type AddressAnswer = Result<{ url: string }>;

/** What the view's showImage takes: the image's address. */
const imageAddress = ({ event }: { event: { output: AddressAnswer } }) => ({ url: okData(event.output).url });

export const slipImageMachine = setup({
  types: {
    context: {} as SlipImageContext,
    events: {} as SlipImageEvent,
    tags: {} as SlipImageTag,
  },
  actors: {
    askAddress: notProvided<AddressAnswer, { reference: string }>('askAddress'),
  },
  actions: {
    keepReference: assign(({ event }) => {
      assertEvent(event, 'image.open');
      return { reference: event.reference };
    }),
    // Provided by the view layer.
    openWindow: () => {},
    showImage: (_, _params: { url: string }) => {},
    closeWindow: () => {},
    showFailure: (_, _params: { message: string }) => {},
  },
  guards: {
    succeeded,
  },
}).createMachine({
  id: 'slipImage',
  description:
    'A slip\'s image from the slip modal (spec 7): a slip without its own link asks for the image\'s address by its reference. The window opens at the tap (one opened after an answer is blocked as a pop-up) and goes to the image when the address comes; a refusal or no answer closes it and says why.',
  context: { reference: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'image.open': { target: 'asking', actions: ['keepReference', 'openWindow'] },
      },
    },
    asking: {
      tags: 'asking',
      description: 'GET /api/statement/slip/reference/{reference}. Another tap asks for its slip instead, and the window opened for this one closes.',
      invoke: {
        id: 'askAddress',
        src: 'askAddress',
        input: ({ context }) => ({ reference: context.reference! }),
        ...onAnswer({ target: 'idle', action: 'showImage', params: imageAddress }, { target: 'idle', action: 'showFailure', then: ['closeWindow'] }),
      },
      on: {
        'image.open': { target: 'asking', reenter: true, actions: ['closeWindow', 'keepReference', 'openWindow'] },
      },
    },
  },
});
