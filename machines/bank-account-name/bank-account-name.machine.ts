import { assertEvent, assign, emit, setup } from 'xstate';
import { isEnglishName, needsEnglishName, normalizeNamePart } from '../../src/contract/rules/members.ts';
import { notProvided } from '../shared/actors.ts';
import { onAnswer, succeeded } from '../shared/answer.ts';
import { okData, type Result } from '../shared/result.ts';
import type {
  BankAccountNameContext,
  BankAccountNameEmitted,
  BankAccountNameEvent,
  BankAccountNameInput,
  BankAccountNameTag,
} from './bank-account-name.types.ts';

type Saved = { bankAccountName: string };

export const bankAccountNameMachine = setup({
  types: {
    context: {} as BankAccountNameContext,
    events: {} as BankAccountNameEvent,
    input: {} as BankAccountNameInput,
    tags: {} as BankAccountNameTag,
    emitted: {} as BankAccountNameEmitted,
  },
  actors: {
    saveName: notProvided<Result<Saved>, { bankCode: string; bankAccountName: string }>('saveName'),
  },
  actions: {
    setDraft: assign(({ event }) => {
      assertEvent(event, 'name.change');
      return { draft: event.value, error: null };
    }),
    holdCopy: assign(({ event }) => {
      assertEvent(event, 'copy.request');
      return { heldCopy: event.text };
    }),
    storeName: assign((_, result: Result<Saved>) => ({ name: okData(result).bankAccountName, draft: '', error: null })),
    forgetHeldCopy: assign({ heldCopy: null }),
    clearError: assign({ error: null }),
    showFailure: assign((_, { message }: { message: string }) => ({ error: message })),
    // Provided by the view layer.
    // For the view: copy to the clipboard (with its toast); say the name must be English letters (spec 5).
    copy: emit((_, params: { text: string }): BankAccountNameEmitted => ({ type: 'copy', text: params.text })),
    rejectName: emit({ type: 'nameRejected' } satisfies BankAccountNameEmitted),
  },
  guards: {
    // spec 5: KTB, TMB and BBL, when the registered name is not English letters.
    englishNameMissing: ({ context }) => needsEnglishName(context.bankCode) && !isEnglishName(context.name),
    // spec 5: non-empty, English letters and spaces only; judged as it is sent (spaces collapsed), as the server does.
    draftNotEnglish: ({ context }) => !isEnglishName(normalizeNamePart(context.draft)),
    copyHeld: ({ context }) => context.heldCopy !== null,
    succeeded,
  },
}).createMachine({
  id: 'bankAccountName',
  description:
    'The member\'s bank account name in the deposit modal (spec 2, spec 5): KTB, TMB and BBL need it in English letters. Until then a copy waits; after saving, the name shown changes and the copy runs.',
  context: ({ input }) => ({
    bankCode: input.account?.bankCode ?? '',
    name: input.account?.bankAccountName ?? '',
    draft: '',
    heldCopy: null,
    error: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'englishNameMissing', target: 'needed' }, { target: 'ready' }],
    },
    ready: {
      tags: 'ready',
      on: {
        'copy.request': { actions: { type: 'copy', params: ({ event }) => ({ text: event.text }) } },
      },
    },
    needed: {
      tags: 'needed',
      description: 'The English-name form. A copy asked for now waits for the name.',
      on: {
        'name.change': { actions: 'setDraft' },
        'copy.request': { actions: 'holdCopy' },
        'name.save': [{ guard: 'draftNotEnglish', actions: 'rejectName' }, { target: 'saving', actions: 'clearError' }],
      },
    },
    saving: {
      tags: ['needed', 'busy'],
      description: 'PUT /api/account/bankAccountName with the name uppercased (spec 5).',
      invoke: {
        id: 'saveName',
        src: 'saveName',
        input: ({ context }) => ({ bankCode: context.bankCode, bankAccountName: normalizeNamePart(context.draft) }),
        ...onAnswer({ target: 'copying', action: 'storeName' }, { target: 'needed', action: 'showFailure' }),
      },
    },
    copying: {
      description: 'spec 2: after saving, the copy action runs.',
      always: [
        {
          guard: 'copyHeld',
          target: 'ready',
          actions: [{ type: 'copy', params: ({ context }) => ({ text: context.heldCopy! }) }, 'forgetHeldCopy'],
        },
        { target: 'ready' },
      ],
    },
  },
});
