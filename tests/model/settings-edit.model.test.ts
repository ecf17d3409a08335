import { SETTINGS_FORMS } from '../../machines/settings-edit/settings-edit.forms.ts';
import type { SettingsEditContext } from '../../machines/settings-edit/settings-edit.types.ts';
import { checkDraft, draftAt, draftOf, errorsWithout } from '../../machines/shared/form-draft.ts';
import { settingsEditModels } from './settings-edit.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

function check({ event, before, after, calls }: ReplayedStep) {
  const previous = before?.context as SettingsEditContext;
  const context = after.context as SettingsEditContext;
  const now = stateKey(after);
  const unchanged = () => expect([now, context]).toEqual([stateKey(before!), previous]);
  const answer = (event as { output?: { ok: boolean; data?: unknown; message?: string } }).output;
  const failure = event.type.startsWith('xstate.error.') ? 'NETWORK_ERROR' : answer && !answer.ok ? answer.message : null;
  const editing = before?.matches('editing') ?? false;
  let expectedCalls: unknown[] = [];

  switch (event.type) {
    case 'xstate.init':
      expect([now, context.draft, context.failure, context.saved]).toEqual(['loading', {}, null, false]);
      expectedCalls = [{ actor: 'loadSettings', input: undefined }];
      break;
    case 'settings.reload':
      if (!before!.matches('failed')) return unchanged();
      expect(now).toBe('loading');
      expectedCalls = [{ actor: 'loadSettings', input: undefined }];
      break;
    case 'xstate.done.actor.loadSettings':
    case 'xstate.error.actor.loadSettings':
      if (failure) expect([now, context.failure]).toEqual(['failed', failure]);
      // What is live becomes the form, numbers as text.
      else expect([now, context.draft, context.failure]).toEqual(['editing', draftOf(answer!.data, SETTINGS_FORMS[context.form].shape), null]);
      break;
    case 'field.change':
      if (!editing) return unchanged();
      expect([draftAt(context.draft, event.path), context.saved]).toEqual([event.value, false]);
      expect(context.errors).toEqual(errorsWithout(previous.errors, event.path));
      break;
    case 'list.add':
    case 'list.remove': {
      if (!editing) return unchanged();
      const list = draftAt(previous.draft, event.path) as unknown[];
      const expected = event.type === 'list.add' ? [...list, event.item] : list.filter((_, index) => index !== event.index);
      expect([draftAt(context.draft, event.path), context.saved]).toEqual([expected, false]);
      break;
    }
    case 'settings.preview': {
      if (!editing) return unchanged();
      const { schema, shape } = SETTINGS_FORMS[previous.form];
      const result = checkDraft(schema, previous.draft, shape);
      // Refused before the preview: every refusal beside its field; passed: the value members will get.
      if (result.ok) expect([now, context.checked, context.errors, context.failure]).toEqual(['previewing', result.value, {}, null]);
      else expect([now, context.checked, context.errors, context.failure]).toEqual(['editing', null, result.errors, null]);
      break;
    }
    case 'settings.edit':
      if (!before!.matches('previewing')) return unchanged();
      expect([now, context.draft, context.failure]).toEqual(['editing', previous.draft, null]);
      break;
    case 'settings.save':
      if (!before!.matches('previewing')) return unchanged();
      expect([now, context.failure]).toEqual(['saving', null]);
      expectedCalls = [{ actor: 'saveSettings', input: previous.checked }];
      break;
    case 'xstate.done.actor.saveSettings':
    case 'xstate.error.actor.saveSettings':
      if (failure) expect([now, context.failure, context.checked]).toEqual(['previewing', failure, previous.checked]);
      // What the server stored becomes the form, and says it was saved.
      else expect([now, context.draft, context.saved, context.failure]).toEqual(['editing', draftOf(answer!.data, SETTINGS_FORMS[context.form].shape), true, null]);
      break;
    default:
      throw new Error(`no check for ${event.type}`);
  }
  expect(calls).toEqual(expectedCalls);
}

describeModels('settings-edit', settingsEditModels, {
  tags: {
    loading: ['loading'],
    failed: ['failed'],
    editing: ['editing'],
    previewing: ['previewing'],
    saving: ['saving'],
  },
  check,
});
