/**
 * A slip's image asked for by its reference as a test model: the member taps
 * one slip, perhaps another before the answer; the address comes, is refused
 * or never comes.
 */
import { slipImageMachine } from '../../machines/slip-image/slip-image.machine.ts';
import type { Result } from '../../machines/shared/result.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type SlipImage = typeof slipImageMachine;

/** Two slips without links of their own. */
export const REFERENCES = ['SLIP-20261124-0001', 'SLIP-20261124-0002'];
export const IMAGE_URL = '/files/slips/a1b2c3.jpg?expires=1764000000&signature=abc';

const events = {
  'image.open': () => REFERENCES.map((reference) => ({ type: 'image.open', reference }) as const),
} satisfies EventFixtures<SlipImage>;

export const slipImageModels: FlowModel<SlipImage>[] = [
  {
    name: 'slip image',
    machine: slipImageMachine,
    input: undefined,
    events: offerAll(events),
    abstraction: ({ context }) => ({ reference: context.reference }),
    replies: {
      askAddress: [{ ok: true, data: { url: IMAGE_URL } }, { ok: false, message: 'NO_DATA' }] satisfies Result<{ url: string }>[],
    },
  },
];
