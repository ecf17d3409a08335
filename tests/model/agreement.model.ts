/**
 * The home's agreement modal as a test model: for a member who accepted
 * before (nothing opens) and one who did not (the delay, the read, the
 * modal, accept or close).
 */
import { agreementMachine } from '../../machines/agreement/agreement.machine.ts';
import type { AgreementsAnswer } from '../../machines/agreement/agreement.types.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type Agreement = typeof agreementMachine;

export const AGREEMENTS = ['<p>Keep your password secret.</p>', '<p>We never sell your data.</p>'];

const events = {
  'agreement.accept': () => [{ type: 'agreement.accept' }],
  'agreement.dismiss': () => [{ type: 'agreement.dismiss' }],
} satisfies EventFixtures<Agreement>;

const replies = {
  read: [{ ok: true, data: { agreements: AGREEMENTS } }, { ok: true, data: { agreements: [] } }, { ok: false, message: 'INTERNAL_SERVER_ERROR' }] satisfies AgreementsAnswer[],
};

const model = (accepted: boolean): FlowModel<Agreement> => ({
  name: accepted ? 'agreement accepted before' : 'agreement not accepted yet',
  machine: agreementMachine,
  input: { accepted },
  events: offerAll(events),
  replies,
  abstraction: ({ context }) => ({ agreements: context.agreements.length > 0 }),
});

export const agreementModels = [model(false), model(true)];
