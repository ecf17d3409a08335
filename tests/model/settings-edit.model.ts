/**
 * A setting edited in the console as a test model: the invite rule (numbers
 * typed as text, one the schema refuses) and the conditions (a list of HTML
 * per language, an item added and taken away): read or not, previewed,
 * saved or refused (marketing above its bounds), and read again.
 */
import { settingsEditMachine } from '../../machines/settings-edit/settings-edit.machine.ts';
import { SETTINGS_FORMS } from '../../machines/settings-edit/settings-edit.forms.ts';
import type { SettingsAnswer, SettingsEditEvent } from '../../machines/settings-edit/settings-edit.types.ts';
import { checkDraft, draftOf } from '../../machines/shared/form-draft.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type SettingsEdit = typeof settingsEditMachine;
type FieldChange = Extract<SettingsEditEvent, { type: 'field.change' }>;

export const INVITE = { active: true, percent: 5, minimumDeposit: 100, turnoverMultiplier: 3, windowDays: 7 };
export const TEXTS = { texts: { th: ['<p>ข้อ 1</p>'], la: ['<p>ຂໍ້ 1</p>'], en: ['<p>Rule 1</p>'] } };

const common = {
  'settings.preview': () => [{ type: 'settings.preview' as const }],
  'settings.edit': () => [{ type: 'settings.edit' as const }],
  'settings.save': () => [{ type: 'settings.save' as const }],
  'settings.reload': () => [{ type: 'settings.reload' as const }],
};

const inviteEvents = {
  ...common,
  'field.change': (): FieldChange[] => [
    { type: 'field.change', path: 'percent', value: '8' },
    { type: 'field.change', path: 'percent', value: 'eight' },
    { type: 'field.change', path: 'active', value: false },
  ],
  'list.add': () => [],
  'list.remove': () => [],
} satisfies EventFixtures<SettingsEdit>;

const textEvents = {
  ...common,
  'field.change': (): FieldChange[] => [{ type: 'field.change', path: 'texts.en.0', value: '<p>Rule one</p>' }],
  'list.add': () => [{ type: 'list.add', path: 'texts.en', item: '' }],
  'list.remove': () => [{ type: 'list.remove', path: 'texts.en', index: 0 }],
} satisfies EventFixtures<SettingsEdit>;

/** The read, or a failure; the save answers what it was sent (as stored), or marketing's bound. */
function replies(live: unknown): FlowModel<SettingsEdit>['replies'] {
  return {
    loadSettings: [{ ok: true, data: live }, { ok: false, message: 'INTERNAL_SERVER_ERROR' }] satisfies SettingsAnswer[],
    saveSettings: (snapshot) => [{ ok: true, data: snapshot.context.checked }, { ok: false, message: 'UNAUTHORIZED' }] satisfies SettingsAnswer[],
  };
}

/** The fields the schema refuses now, whether the form holds what was read, refusals shown, a failure, a save taken. */
const abstraction =
  (live: unknown): FlowModel<SettingsEdit>['abstraction'] =>
  ({ context }) => {
    const { schema, shape } = SETTINGS_FORMS[context.form];
    const read = Object.keys(context.draft).length > 0;
    const checked = read ? checkDraft(schema, context.draft, shape) : null;
    return {
      invalid: checked && !checked.ok ? Object.keys(checked.errors).sort().join(',') : null,
      changed: read && JSON.stringify(context.draft) !== JSON.stringify(draftOf(live, shape)),
      errors: Object.keys(context.errors).length > 0,
      failure: context.failure !== null,
      saved: context.saved,
    };
  };

export const settingsEditModels: FlowModel<SettingsEdit>[] = [
  { name: 'invite rule', machine: settingsEditMachine, input: { form: 'invite' }, events: offerAll(inviteEvents), replies: replies(INVITE), abstraction: abstraction(INVITE) },
  { name: 'conditions', machine: settingsEditMachine, input: { form: 'texts' }, events: offerAll(textEvents), replies: replies(TEXTS), abstraction: abstraction(TEXTS) },
];
