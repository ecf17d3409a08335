/** The operator add as a test model: the form filled or not, the confirmation, the server's yes or refusal, the enrolment shown once. */
import { operatorAddMachine } from '../../machines/operator-add/operator-add.machine.ts';
import type { Enrolled } from '../../machines/operator-add/operator-add.types.ts';
import type { Result } from '../../machines/shared/result.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

export const ENROLLED: Enrolled = {
  operator: { phone: '0810000301', name: 'Noi', role: 'finance' },
  enrolment: { password: 'Abcdefgh23456789Jkmn', totpUri: 'otpauth://totp/Wallet:0810000301?secret=JBSWY3DPEHPK3PXP&issuer=Wallet' },
};

const events = {
  'field.change': () => [
    { type: 'field.change', field: 'phone', value: ' 0810000301 ' },
    { type: 'field.change', field: 'phone', value: '  ' }, // blank once trimmed
    { type: 'field.change', field: 'role', value: 'finance' },
    { type: 'field.change', field: 'name', value: ' Noi ' },
  ],
  'add.submit': () => [{ type: 'add.submit' }],
  'add.confirm': () => [{ type: 'add.confirm' }],
  'add.back': () => [{ type: 'add.back' }],
  'enrolment.done': () => [{ type: 'enrolment.done' }],
} satisfies EventFixtures<typeof operatorAddMachine>;

export const operatorAddModels: FlowModel<typeof operatorAddMachine>[] = [
  {
    name: 'operator add',
    machine: operatorAddMachine,
    input: undefined,
    events: offerAll(events),
    // Whether the form may be sent (each field filled), the refusal shown, whether an enrolment is held.
    abstraction: ({ context }) => ({
      phone: context.phone.trim() !== '',
      role: context.role !== '',
      name: context.name.trim() !== '',
      error: context.error,
      enrolment: context.enrolled !== null,
    }),
    replies: {
      addOperator: [{ ok: true, data: ENROLLED }, { ok: false, message: 'OPERATOR_EXISTS' }] satisfies Result<Enrolled>[],
    },
  },
];
