/**
 * The console's offers as a test model: read (or not), paused and made
 * active after a confirmation, refused (marketing above the bounds), and an
 * offer saved by the form replacing its row or added.
 */
import { bonusListMachine } from '../../machines/bonus-list/bonus-list.machine.ts';
import type { BonusesAnswer, StatusAnswer } from '../../machines/bonus-list/bonus-list.types.ts';
import { BIG_DAILY, BOUNDS, WELCOME } from './promotions.fixtures.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type BonusList = typeof bonusListMachine;

const NEW = { ...WELCOME, id: '3', code: 'NEWYEAR', received: 0 };

const events = {
  'list.reload': () => [{ type: 'list.reload' }],
  'status.change': () => [
    { type: 'status.change', code: 'WELCOME100', status: 'paused' },
    { type: 'status.change', code: 'BIGDAILY', status: 'active' },
    // Already active, and not listed: nothing to confirm.
    { type: 'status.change', code: 'WELCOME100', status: 'active' },
    { type: 'status.change', code: 'NOSUCH', status: 'paused' },
  ],
  'status.confirm': () => [{ type: 'status.confirm' }],
  'status.cancel': () => [{ type: 'status.cancel' }],
  'bonus.saved': () => [
    { type: 'bonus.saved', bonus: { ...WELCOME, percentFail: 30 } },
    { type: 'bonus.saved', bonus: NEW },
  ],
} satisfies EventFixtures<BonusList>;

export const bonusListModels: FlowModel<BonusList>[] = [
  {
    name: 'bonus list',
    machine: bonusListMachine,
    input: undefined,
    events: offerAll(events),
    replies: {
      loadBonuses: [{ ok: true, data: { bonuses: [WELCOME, BIG_DAILY], bounds: BOUNDS } }, { ok: false, message: 'INTERNAL_SERVER_ERROR' }] satisfies BonusesAnswer[],
      // The offer asked, in the status asked; or marketing refused above the bounds.
      setStatus: (snapshot) => {
        const pending = snapshot.context.pending;
        const row = snapshot.context.bonuses.find((bonus) => bonus.code === pending?.code);
        const refused = { ok: false, message: 'UNAUTHORIZED' } as const;
        return row && pending ? ([{ ok: true, data: { bonus: { ...row, status: pending.status } } }, refused] satisfies StatusAnswer[]) : [refused];
      },
    },
    // How many offers are listed and how many paused, the change pending, whether a failure shows.
    abstraction: ({ context }) => ({
      rows: context.bonuses.length || null,
      paused: context.bonuses.filter((bonus) => bonus.status === 'paused').length,
      pending: context.pending?.status ?? null,
      failure: context.failure !== null,
    }),
  },
];
