import { noticeKey } from '../../src/contract/rules/notice-dismissals.ts';
import { NOTICE_DISMISSALS_KEPT } from '../../machines/notice/notice.machine.ts';
import type { NoticeContext, NoticeInput } from '../../machines/notice/notice.types.ts';
import { noticeModels } from './notice.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey, type FlowModel } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

function check({ event, before, after, actions, calls }: ReplayedStep, flow: FlowModel) {
  const was = before ? stateKey(before) : '';
  const now = stateKey(after);
  const context = after.context as NoticeContext;
  const previous = before?.context as NoticeContext | undefined;
  let expectedCalls: unknown[] = [];
  let expectedActions: unknown[] = [];

  switch (event.type) {
    case 'xstate.init': {
      const { inPage } = flow.input as NoticeInput;
      if (inPage === null) {
        // The notice is read as the home opens; nothing shows until it answers.
        expect([now, context.notice, context.settled]).toEqual(['reading', null, false]);
        expectedCalls = [{ actor: 'read', input: undefined }];
        break;
      }
      // The page's answer decides at once, as a read's would: no read, the home settled, the answer not kept.
      const text = inPage.ok ? inPage.data.notice : null;
      const showable = text !== null && text.trim() !== '' && !context.dismissed.includes(noticeKey(text));
      expect([now, context.notice, context.settled, context.inPage]).toEqual(showable ? ['shown', text, true, null] : ['hidden', null, true, null]);
      break;
    }
    case 'notice.reload':
      // A switch of language: read again, in the new language; nothing shows meanwhile.
      expect(now).toBe('reading');
      expect(context.dismissed).toEqual(previous!.dismissed);
      expectedCalls = [{ actor: 'read', input: undefined }];
      break;
    case 'notice.dismiss': {
      if (was !== 'shown') {
        expect([now, context]).toEqual([was, previous]);
        break;
      }
      // This text's key is remembered (last, once), at most three kept, and the notice goes.
      const key = noticeKey(previous!.notice!);
      const dismissed = [...previous!.dismissed.filter((kept) => kept !== key), key].slice(-NOTICE_DISMISSALS_KEPT);
      expect([now, context]).toEqual(['hidden', { notice: null, dismissed, settled: true, inPage: null }]);
      expect(dismissed.at(-1)).toBe(key);
      expectedActions = [{ type: 'remember', params: { dismissed } }];
      break;
    }
    case 'xstate.done.actor.read': {
      const answer = (event as unknown as { output: { ok: boolean; data?: { notice: string | null } } }).output;
      const text = answer.ok ? answer.data!.notice : null;
      const showable = text !== null && text.trim() !== '' && !previous!.dismissed.includes(noticeKey(text));
      // A text this device has not dismissed shows; none, a blank one, a dismissed one or a refusal shows nothing (spec 7).
      // Either way the home is settled: its widgets show.
      expect([now, context]).toEqual(
        showable ? ['shown', { ...previous, notice: text, settled: true }] : ['hidden', { ...previous, notice: null, settled: true }],
      );
      break;
    }
    case 'xstate.error.actor.read':
      expect([now, context]).toEqual(['hidden', { ...previous, notice: null, settled: true }]);
      break;
    case 'xstate.after.settle.notice.reading':
      // No answer within NOTICE_WAIT_MS: the widgets show all the same; the read goes on.
      expect([now, context]).toEqual(['reading', { ...previous, settled: true }]);
      expectedCalls = [];
      break;
    default:
      throw new Error(`unexpected event ${event.type}`);
  }
  expect(calls).toEqual(expectedCalls);
  expect(actions).toEqual(expectedActions);
}

describeModels('notice', noticeModels, {
  tags: { reading: [], shown: ['shown'], hidden: [] },
  check,
});
