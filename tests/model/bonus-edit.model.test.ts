import { BonusDefinition } from '../../src/contract/bonus.ts';
import { BONUS_SHAPE, waitsForFinance } from '../../machines/bonus-edit/bonus-edit.form.ts';
import type { BonusEditContext } from '../../machines/bonus-edit/bonus-edit.types.ts';
import { checkDraft, draftAt, errorsWithout } from '../../machines/shared/form-draft.ts';
import { bonusEditModels } from './bonus-edit.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

function check({ event, before, after, calls }: ReplayedStep) {
  const previous = before?.context as BonusEditContext;
  const context = after.context as BonusEditContext;
  const now = after.status === 'done' ? 'saved' : stateKey(after);
  const unchanged = () => expect([now, context]).toEqual([stateKey(before!), previous]);
  const answer = (event as { output?: { ok: boolean; data?: unknown; message?: string } }).output;
  const failure = event.type.startsWith('xstate.error.') ? 'NETWORK_ERROR' : answer && !answer.ok ? answer.message : null;
  const editing = before?.matches('editing') ?? false;
  let expectedCalls: unknown[] = [];

  switch (event.type) {
    case 'xstate.init':
      expect([now, context.errors, context.checked, context.failure, context.waitsForFinance]).toEqual(['editing', {}, null, null, false]);
      // A change starts from the offer as it is: its code is the path's.
      expect(context.code).toBe(context.draft.code === '' ? null : context.draft.code);
      break;
    case 'field.change':
      if (!editing) return unchanged();
      expect(draftAt(context.draft, event.path)).toEqual(event.value);
      // The field's own refusal goes; others stay.
      expect(context.errors).toEqual(errorsWithout(previous.errors, event.path));
      break;
    case 'banner.add':
    case 'banner.remove': {
      if (!editing) return unchanged();
      const banners = previous.draft.banners as unknown[];
      const expected = event.type === 'banner.add' ? Math.min(banners.length + 1, 10) : Math.max(banners.length - (banners.length > 0 ? 1 : 0), 0);
      expect((context.draft.banners as unknown[]).length).toBe(expected);
      break;
    }
    case 'bonus.check': {
      if (!editing) return unchanged();
      const result = checkDraft(BonusDefinition, previous.draft, BONUS_SHAPE);
      if (!result.ok) {
        // Refused before sending: every refusal beside its field, the form stays.
        expect([now, context.errors, context.checked]).toEqual(['editing', result.errors, null]);
        expect(Object.keys(context.errors).length).toBeGreaterThan(0);
        break;
      }
      const waits = waitsForFinance(result.value, previous.bounds, previous.role);
      expect([now, context.errors, context.waitsForFinance]).toEqual(['checked', {}, waits]);
      // Above the bounds, marketing's active offer is written paused.
      expect(context.checked).toEqual(waits ? { ...result.value, status: 'paused' } : result.value);
      break;
    }
    case 'bonus.edit':
      if (!before!.matches('checked') && !before!.matches('refused')) return unchanged();
      expect([now, context.draft]).toEqual(['editing', previous.draft]);
      break;
    case 'bonus.save':
      if (!before!.matches('checked') && !before!.matches('refused')) return unchanged();
      expect([now, context.failure]).toEqual(['saving', null]);
      expectedCalls = [{ actor: 'saveBonus', input: { code: previous.code, definition: previous.checked } }];
      break;
    case 'xstate.done.actor.saveBonus':
    case 'xstate.error.actor.saveBonus':
      if (failure) expect([now, context.failure, context.checked]).toEqual(['refused', failure, previous.checked]);
      else expect([now, after.output]).toEqual(['saved', { bonus: (answer!.data as { bonus: unknown }).bonus }]);
      break;
    default:
      throw new Error(`no check for ${event.type}`);
  }
  expect(calls).toEqual(expectedCalls);
}

describeModels('bonus-edit', bonusEditModels, {
  tags: {
    editing: ['editing'],
    checked: ['checked'],
    saving: ['saving'],
    refused: ['refused'],
    saved: [],
  },
  check,
});
