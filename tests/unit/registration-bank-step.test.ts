/**
 * The registration wizard's bank step applies the server's account number
 * rule (src/contract/rules/members.ts bankAccountNumberError, which
 * src/server/members/registration.ts checkBankAccount answers with the same
 * code): a number that is not 6 to 20 digits is refused at the field, with
 * BANK_ACCOUNT_NO_INVALID, and the server is not asked.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { registrationMachine } from '../../machines/registration/registration.machine.ts';
import { invalidFields } from '../../machines/registration/registration.selectors.ts';
import type { RegistrationContext, RegistrationInput, RegistrationPayload } from '../../machines/registration/registration.types.ts';
import type { Result } from '../../machines/shared/result.ts';

const THAI_BUILD: RegistrationInput = { variant: 'th', inviteCode: null };

/**
 * The wizard on its bank step, a KBANK account in a member's name filled in
 * (or `bank`), the number typed and the step submitted; `registered` records
 * the register calls.
 */
function onBankStep(bankAccountNo: string, bank: Partial<RegistrationContext> = {}) {
  const registered: RegistrationPayload[] = [];
  const machine = registrationMachine.provide({
    actors: {
      // Never answers: the test looks at the call, not at what follows it.
      register: fromPromise<Result<unknown>, RegistrationPayload>(({ input }) => {
        registered.push(input);
        return new Promise(() => {});
      }),
    },
  });
  const opened = createActor(machine, { input: THAI_BUILD }).getSnapshot();
  const snapshot = machine.resolveState({
    value: { bankStep: 'editing' },
    context: {
      ...opened.context,
      phone: '0812345678',
      name: 'Somchai Jaidee',
      password: 'secret123',
      confirmPassword: 'secret123',
      bankCode: 'KBANK',
      firstName: 'SOMCHAI',
      lastName: 'JAIDEE',
      ...bank,
    },
  });
  const actor = createActor(machine, { snapshot, input: THAI_BUILD }).start();
  actor.send({ type: 'field.change', field: 'bankAccountNo', value: bankAccountNo });
  actor.send({ type: 'bank.submit' });
  return { actor, snapshot: actor.getSnapshot(), registered };
}

describe('registration: the bank account number (6 to 20 digits, as the server checks)', () => {
  it.each([
    ['5 digits', '12345'],
    ['letters', '12345ABCDE'],
    ['a dash', '123-456-7890'],
    ['21 digits', '1'.repeat(21)],
  ])('refuses %s at the field, without asking the server', (_, accountNo) => {
    const { snapshot, registered } = onBankStep(accountNo);
    expect(snapshot.value).toEqual({ bankStep: 'editing' });
    expect(snapshot.context.error).toBe('BANK_ACCOUNT_NO_INVALID');
    expect(invalidFields({ context: snapshot.context })).toEqual(['bankAccountNo']);
    expect(registered).toEqual([]);
  });

  it.each([
    ['6 digits', '123456'],
    ['20 digits', '12345678901234567890'],
    ['10 digits with spaces around', ' 1234567890 '],
  ])('registers with %s', (_, accountNo) => {
    const { snapshot, registered } = onBankStep(accountNo);
    expect(snapshot.value).toEqual({ bankStep: 'registering' });
    expect(snapshot.context.error).toBeNull();
    expect(registered.map((payload) => payload.bankAccountNo)).toEqual([accountNo.trim()]);
  });

  it('refuses the number before an account name that is not in English (the fields\' order on screen)', () => {
    const { actor, snapshot, registered } = onBankStep('12345', { bankCode: 'KTB', firstName: 'สมชาย' });
    expect(snapshot.context.error).toBe('BANK_ACCOUNT_NO_INVALID');
    actor.send({ type: 'field.change', field: 'bankAccountNo', value: '1234567890' });
    actor.send({ type: 'bank.submit' });
    expect(actor.getSnapshot().context.error).toBe('BANK_ACCOUNT_NAME_ENG');
    expect(registered).toEqual([]);
  });
});
