import type { BankAccountNameContext, BankAccountNameInput } from '../../machines/bank-account-name/bank-account-name.types.ts';
import type { Result } from '../../machines/shared/result.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey, type FlowModel } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';
import { bankAccountNameModels } from './bank-account-name.model.ts';

/** spec 5, written out independently: English letters and single spaces, after trimming. */
/** spec 5: English letters and spaces; runs of spaces count as one, as the name is sent collapsed. */
const english = (name: string) => /^[A-Za-z]+( +[A-Za-z]+)*$/.test(name.trim());

function check({ event, before, after, actions, calls, emitted }: ReplayedStep, flow: FlowModel) {
  const was = before ? stateKey(before) : '';
  const now = stateKey(after);
  const previous = before?.context as BankAccountNameContext;
  const context = after.context as BankAccountNameContext;
  const unchanged = () => expect([now, context]).toEqual([was, previous]);
  let expectedCalls: unknown[] = [];
  let expectedEmitted: unknown[] = [];

  switch (event.type) {
    case 'xstate.init': {
      const { account } = flow.input as BankAccountNameInput;
      const needed = account !== null && ['KTB', 'TMB', 'BBL'].includes(account.bankCode) && !english(account.bankAccountName);
      expect(now).toBe(needed ? 'needed' : 'ready');
      expect(context.name).toBe(account?.bankAccountName ?? '');
      break;
    }
    case 'name.change':
      if (was !== 'needed') return unchanged();
      expect(context).toEqual({ ...previous, draft: event.value, error: null });
      break;
    case 'name.save':
      if (was !== 'needed') return unchanged();
      if (!english(previous.draft)) {
        // spec 5: the requiredEngLang toast; nothing is sent.
        unchanged();
        expectedEmitted = [{ type: 'nameRejected' }];
      } else {
        expect(now).toBe('saving');
        // Uppercased, spaces collapsed.
        expectedCalls = [{ actor: 'saveName', input: { bankCode: 'KTB', bankAccountName: previous.draft.trim().replace(/\s+/g, ' ').toUpperCase() } }];
      }
      break;
    case 'copy.request':
      if (was === 'ready') {
        unchanged();
        expectedEmitted = [{ type: 'copy', text: event.text }];
      } else if (was === 'needed') {
        expect(context).toEqual({ ...previous, heldCopy: event.text });
      } else {
        unchanged();
      }
      break;
    default: {
      const answer = (event as { output?: Result<{ bankAccountName: string }> }).output;
      if (answer?.ok) {
        // spec 2: the name shown changes and the held copy runs.
        expect([now, context]).toEqual(['ready', { ...previous, name: answer.data.bankAccountName, draft: '', heldCopy: null, error: null }]);
        if (previous.heldCopy) expectedEmitted = [{ type: 'copy', text: previous.heldCopy }];
      } else {
        const error = event.type.startsWith('xstate.error.') ? 'NETWORK_ERROR' : answer!.ok === false ? answer!.message : '';
        expect([now, context]).toEqual(['needed', { ...previous, error }]);
      }
    }
  }
  expect(calls).toEqual(expectedCalls);
  // What the view does (copy, the English-name toast) comes as emitted events.
  expect(actions).toEqual([]);
  expect(emitted).toEqual(expectedEmitted);
}

const TAGS: Record<string, string[]> = { ready: ['ready'], needed: ['needed'], saving: ['busy', 'needed'] };
const [withForm] = bankAccountNameModels;

describeModels('bank-account-name', bankAccountNameModels, {
  tags: TAGS,
  check(step, flow) {
    // A member who needs no English name never sees the form: these flows stay in 'ready'.
    if (flow !== withForm) expect(stateKey(step.after)).toBe('ready');
    check(step, flow);
  },
});
