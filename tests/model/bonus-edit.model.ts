/**
 * The offer form as a test model: a new offer typed by marketing (a code
 * the schema refuses, a grant within and above the bounds, a grant of the
 * other kind, a banner added and taken away), checked, confirmed and saved
 * or refused; and an admin's change of an offer that waits (never waiting
 * for finance: an admin may make it active).
 */
import { BonusDefinition } from '../../src/contract/bonus.ts';
import { BONUS_SHAPE } from '../../machines/bonus-edit/bonus-edit.form.ts';
import { bonusEditMachine } from '../../machines/bonus-edit/bonus-edit.machine.ts';
import type { BonusEditEvent, BonusSaveAnswer } from '../../machines/bonus-edit/bonus-edit.types.ts';
import { checkDraft, draftAt } from '../../machines/shared/form-draft.ts';
import { BIG_DAILY, BOUNDS, WELCOME } from './promotions.fixtures.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type BonusEdit = typeof bonusEditMachine;
type FieldChange = Extract<BonusEditEvent, { type: 'field.change' }>;

const events = {
  'field.change': (): FieldChange[] => [
    { type: 'field.change', path: 'code', value: 'newyear' },
    { type: 'field.change', path: 'code', value: 'no spaces!' },
    { type: 'field.change', path: 'grant.amount', value: '100' },
    // 1,500 baht: above the 1,000 baht ceiling.
    { type: 'field.change', path: 'grant', value: { kind: 'fixed', amount: '1500' } },
    { type: 'field.change', path: 'grant', value: { kind: 'percent', percent: '50', cap: '', minDeposit: '0' } },
  ],
  'banner.add': () => [{ type: 'banner.add' }],
  'banner.remove': () => [{ type: 'banner.remove', index: 0 }],
  'bonus.check': () => [{ type: 'bonus.check' }],
  'bonus.edit': () => [{ type: 'bonus.edit' }],
  'bonus.save': () => [{ type: 'bonus.save' }],
} satisfies EventFixtures<BonusEdit>;

const replies = {
  // The offer as stored, or a taken code.
  saveBonus: (snapshot: { context: { checked: BonusDefinition | null } }) => {
    const checked = snapshot.context.checked;
    const refused = { ok: false, message: 'KEY_INVALID' } as const;
    return checked ? ([{ ok: true, data: { bonus: { ...WELCOME, ...checked, code: checked.code.toUpperCase() } } }, refused] satisfies BonusSaveAnswer[]) : [refused];
  },
};

const abstraction: FlowModel<BonusEdit>['abstraction'] = ({ context }) => {
  const checked = checkDraft(BonusDefinition, context.draft, BONUS_SHAPE);
  return {
    // The fields the schema refuses now (not only those shown): what typing has still to fix.
    invalid: checked.ok ? null : Object.keys(checked.errors).sort().join(','),
    // A fixed grant above the ceiling, whether or not the rest passes yet.
    'grant above the ceiling': Number(draftAt(context.draft, 'grant.amount') || 0) > BOUNDS.ceiling.BAHT,
    errors: Object.keys(context.errors).length > 0,
    waits: context.waitsForFinance,
    failure: context.failure !== null,
    banners: (context.draft.banners as unknown[]).length > 0,
  };
};

export const bonusEditModels: FlowModel<BonusEdit>[] = [
  {
    name: 'new offer by marketing',
    machine: bonusEditMachine,
    input: { bonus: null, bounds: BOUNDS, role: 'marketing' },
    events: offerAll(events),
    replies,
    abstraction,
  },
  {
    name: 'an admin changes an offer that waits',
    machine: bonusEditMachine,
    input: { bonus: { ...BIG_DAILY, banners: [] }, bounds: BOUNDS, role: 'admin' },
    events: offerAll({ ...events, 'field.change': () => [{ type: 'field.change', path: 'status', value: 'active' }] }),
    replies,
    abstraction,
  },
];
