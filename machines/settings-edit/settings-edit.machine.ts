import { assertEvent, assign, setup } from 'xstate';
import { notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import { addAt, checkDraft, draftOf, errorsWithout, removeAt, setAt, type Draft } from '../shared/form-draft.ts';
import { okData } from '../shared/result.ts';
import { SETTINGS_FORMS } from './settings-edit.forms.ts';
import type { SettingsAnswer, SettingsEditContext, SettingsEditEvent, SettingsEditInput, SettingsEditTag } from './settings-edit.types.ts';

/** The list lengths the contract allows are its schema's to check; this only keeps a runaway add in bounds. */
const LIST_MAX = 50;

export const settingsEditMachine = setup({
  types: {
    context: {} as SettingsEditContext,
    events: {} as SettingsEditEvent,
    input: {} as SettingsEditInput,
    tags: {} as SettingsEditTag,
  },
  actors: {
    loadSettings: notProvided<SettingsAnswer>('loadSettings'),
    saveSettings: notProvided<SettingsAnswer, unknown>('saveSettings'),
  },
  actions: {
    // What is live becomes the form: after the read, and after a save (the server's cleaned HTML included).
    takeLive: assign(({ context }, answer: SettingsAnswer) => ({ draft: draftOf(okData(answer), SETTINGS_FORMS[context.form].shape) as Draft, errors: {}, checked: null, failure: null })),
    markSaved: assign({ saved: true }),
    setField: assign(({ context, event }) => {
      assertEvent(event, 'field.change');
      return { draft: setAt(context.draft, event.path, event.value), errors: errorsWithout(context.errors, event.path), saved: false };
    }),
    addItem: assign(({ context, event }) => {
      assertEvent(event, 'list.add');
      return { draft: addAt(context.draft, event.path, event.item, LIST_MAX), saved: false };
    }),
    removeItem: assign(({ context, event }) => {
      assertEvent(event, 'list.remove');
      // The items after it move up: their errors' paths no longer name them.
      return { draft: removeAt(context.draft, event.path, event.index), errors: errorsWithout(context.errors, event.path), saved: false };
    }),
    check: assign(({ context }) => {
      const { schema, shape } = SETTINGS_FORMS[context.form];
      const result = checkDraft(schema, context.draft, shape);
      return result.ok ? { errors: {}, checked: result.value } : { errors: result.errors, checked: null };
    }),
    clearFailure: assign({ failure: null }),
    showFailure: assign((_, { message }: { message: string }) => ({ failure: message })),
  },
  guards: {
    succeeded,
    passedCheck: ({ context }) => context.checked !== null,
  },
}).createMachine({
  id: 'settingsEdit',
  description:
    'A setting edited in the console: what is live is read into the form; the form is checked with the contract\'s schema of its PUT (each refusal beside its field) and previewed as members will get it; saving sends what was previewed, and what the server stored becomes the form.',
  context: ({ input }) => ({ form: input.form, draft: {}, errors: {}, checked: null, failure: null, saved: false }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        ...onAnswer({ target: 'editing', action: 'takeLive' }, { target: 'failed', action: 'showFailure' }),
      },
    },
    failed: {
      tags: 'failed',
      on: { 'settings.reload': 'loading' },
    },
    editing: {
      tags: 'editing',
      on: {
        'field.change': { actions: 'setField' },
        'list.add': { actions: 'addItem' },
        'list.remove': { actions: 'removeItem' },
        'settings.preview': { actions: ['clearFailure', 'check'], target: 'checking' },
      },
    },
    checking: {
      description: 'Passed the schema: the preview; refused: back to the form with the errors beside the fields.',
      always: [{ guard: 'passedCheck', target: 'previewing' }, { target: 'editing' }],
    },
    previewing: {
      tags: 'previewing',
      description: 'What members will get, before it is saved: the wheel\'s expected value and return per coin, the HTML as members see it. A refused save shows its reason here.',
      on: {
        'settings.edit': { target: 'editing', actions: 'clearFailure' },
        'settings.save': { target: 'saving', actions: 'clearFailure' },
      },
    },
    saving: {
      tags: 'saving',
      invoke: {
        id: 'saveSettings',
        src: 'saveSettings',
        input: ({ context }: { context: SettingsEditContext }) => context.checked,
        ...onAnswer({ target: 'editing', action: 'takeLive', then: ['markSaved'] }, { target: 'previewing', action: 'showFailure' }),
      },
    },
  },
});
