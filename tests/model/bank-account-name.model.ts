/**
 * The member's bank account name in the deposit modal as a test model: a KTB
 * member with a Thai name (the form), a KTB member with an English name and
 * an SCB member with a Thai name (no form), and a member without an account.
 */
import { bankAccountNameMachine } from '../../machines/bank-account-name/bank-account-name.machine.ts';
import type { BankAccountNameInput } from '../../machines/bank-account-name/bank-account-name.types.ts';
import type { Result } from '../../machines/shared/result.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type BankAccountName = typeof bankAccountNameMachine;

export const RECEIVING_NUMBER = '0418812345';
export const SAVED_NAME = 'SOMCHAI JAIDEE';

const events = {
  // Typed names: English (lowercase, outer spaces), Thai, and empty.
  'name.change': ({ context }) =>
    context.draft === '' ? [' somchai  jaidee ', 'สมชาย ใจดี', '  '].map((value) => ({ type: 'name.change', value }) as const) : [],
  'name.save': () => [{ type: 'name.save' }],
  'copy.request': ({ context }) => (context.heldCopy === null ? [{ type: 'copy.request', text: RECEIVING_NUMBER }] : []),
} satisfies EventFixtures<BankAccountName>;

const replies = {
  saveName: [{ ok: true, data: { bankAccountName: SAVED_NAME } }, { ok: false, message: 'BANK_ACCOUNT_NAME_ENG' }] satisfies Result<{
    bankAccountName: string;
  }>[],
};

function model(name: string, account: BankAccountNameInput['account']): FlowModel<BankAccountName> {
  return {
    name,
    machine: bankAccountNameMachine,
    input: { account },
    events: offerAll(events),
    replies,
    // The name as the rule reads it (English letters or not), a copy waiting for the save, the error shown.
    abstraction: ({ context }) => ({
      name: /^[A-Za-z]+( +[A-Za-z]+)*$/.test(context.name.trim()) ? 'English' : 'not English',
      draft: context.draft === '' ? null : /^[A-Za-z]+( +[A-Za-z]+)*$/.test(context.draft.trim()) ? 'English' : 'not English',
      'copy waiting': context.heldCopy !== null,
      error: context.error,
    }),
  };
}

export const bankAccountNameModels = [
  model('bank account name, KTB with a Thai name', { bankCode: 'KTB', bankAccountName: 'สมชาย ใจดี' }),
  model('bank account name, KTB with an English name', { bankCode: 'KTB', bankAccountName: 'SOMCHAI JAIDEE' }),
  model('bank account name, SCB with a Thai name', { bankCode: 'SCB', bankAccountName: 'สมชาย ใจดี' }),
  model('bank account name, no account', null),
];
