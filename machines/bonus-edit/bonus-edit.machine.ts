import { assertEvent, assign, setup } from 'xstate';
import { BonusDefinition } from '../../src/contract/bonus.ts';
import { notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import { addAt, checkDraft, errorsWithout, removeAt, setAt } from '../shared/form-draft.ts';
import { okData } from '../shared/result.ts';
import { BONUS_SHAPE, bonusDraftOf, MAX_BANNERS, NEW_BANNER, waitsForFinance } from './bonus-edit.form.ts';
import type { BonusEditContext, BonusEditEvent, BonusEditInput, BonusEditOutput, BonusEditTag, BonusSave, BonusSaveAnswer } from './bonus-edit.types.ts';

export const bonusEditMachine = setup({
  types: {
    context: {} as BonusEditContext,
    events: {} as BonusEditEvent,
    input: {} as BonusEditInput,
    output: {} as BonusEditOutput,
    tags: {} as BonusEditTag,
  },
  actors: {
    saveBonus: notProvided<BonusSaveAnswer, BonusSave>('saveBonus'),
  },
  actions: {
    setField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return { draft: setAt(context.draft, event.path, event.value), errors: errorsWithout(context.errors, event.path) };
    }),
    addBanner: assign(({ context }) => ({ draft: addAt(context.draft, 'banners', NEW_BANNER, MAX_BANNERS) })),
    removeBanner: assign(({ context, event }) => {
      assertEvent(event, 'banner.remove');
      // The banners after it move up: their errors' paths no longer name them.
      return { draft: removeAt(context.draft, 'banners', event.index), errors: errorsWithout(context.errors, 'banners') };
    }),
    check: assign(({ context }) => {
      const result = checkDraft(BonusDefinition, context.draft, BONUS_SHAPE);
      if (!result.ok) return { errors: result.errors, checked: null, waitsForFinance: false };
      const waits = waitsForFinance(result.value, context.bounds, context.role);
      return { errors: {}, checked: waits ? { ...result.value, status: 'paused' as const } : result.value, waitsForFinance: waits };
    }),
    keepSaved: assign((_, answer: BonusSaveAnswer) => ({ saved: okData(answer).bonus })),
    clearFailure: assign({ failure: null }),
    showFailure: assign((_, { message }: { message: string }) => ({ failure: message })),
  },
  guards: {
    succeeded,
    passedCheck: ({ context }) => context.checked !== null,
  },
}).createMachine({
  id: 'bonusEdit',
  description:
    'An offer written in the console: the form is checked with the contract\'s BonusDefinition (each refusal beside its field), what will be written is shown to confirm, then sent. Marketing\'s active offer above the bounds is saved paused and says it waits for finance.',
  context: ({ input }) => ({
    code: input.bonus?.code ?? null,
    bounds: input.bounds,
    role: input.role,
    draft: bonusDraftOf(input.bonus),
    errors: {},
    checked: null,
    waitsForFinance: false,
    failure: null,
    saved: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      tags: 'editing',
      on: {
        'field.change': { actions: 'setField' },
        'banner.add': { actions: 'addBanner' },
        'banner.remove': { actions: 'removeBanner' },
        'bonus.check': { actions: 'check', target: 'checking' },
      },
    },
    checking: {
      description: 'Passed the schema: the summary; refused: back to the form with the errors beside the fields.',
      always: [{ guard: 'passedCheck', target: 'checked' }, { target: 'editing' }],
    },
    checked: {
      tags: 'checked',
      description: 'What will be written, to confirm: its status, and whether it waits for finance.',
      on: {
        'bonus.edit': 'editing',
        'bonus.save': { target: 'saving', actions: 'clearFailure' },
      },
    },
    saving: {
      tags: 'saving',
      invoke: {
        id: 'saveBonus',
        src: 'saveBonus',
        input: ({ context }) => ({ code: context.code, definition: context.checked! }),
        ...onAnswer({ target: 'saved', action: 'keepSaved' }, { target: 'refused', action: 'showFailure' }),
      },
    },
    refused: {
      tags: 'refused',
      description: 'The server said no (a taken code, a rule of its own, a role): the reason shows; back to the form, or try again.',
      on: {
        'bonus.edit': 'editing',
        'bonus.save': { target: 'saving', actions: 'clearFailure' },
      },
    },
    saved: {
      type: 'final',
    },
  },
  output: ({ context }) => ({ bonus: context.saved! }),
});
