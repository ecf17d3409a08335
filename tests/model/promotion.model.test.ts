import type { PromotionContext, PromotionFound, PromotionReceived } from '../../machines/promotion/promotion.types.ts';
import { PROMOTION, promotionModels } from './promotion.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

const MODAL_STATES = ['found', 'notFound', 'searchFailed'];

function check({ event, before, after, actions, calls, emitted }: ReplayedStep) {
  const was = before ? stateKey(before) : '';
  const now = stateKey(after);
  const previous = before?.context as PromotionContext;
  const context = after.context as PromotionContext;
  const unchanged = () => expect([now, context, calls, emitted]).toEqual([was, previous, [], []]);
  let expectedCalls: unknown[] = [];
  let expectedEmitted: unknown[] = [];

  switch (event.type) {
    case 'xstate.init':
      expect([now, context]).toEqual(['editing', { code: '', codeMissing: false, promotion: null, amount: null, error: null }]);
      break;
    case 'code.change':
      if (was !== 'editing') return unchanged();
      // spec 5: upper-cased as typed.
      expect(context).toEqual({ ...previous, code: event.value.toUpperCase(), codeMissing: false });
      break;
    case 'promotion.search':
      if (was === 'editing' && previous.code.trim() === '') {
        // spec 5: required; nothing is sent.
        expect([now, context]).toEqual(['editing', { ...previous, codeMissing: true }]);
        break;
      }
      if (was !== 'editing' && was !== 'searchFailed') return unchanged();
      expect([now, context.promotion, context.error]).toEqual(['searching', null, null]);
      // Upper case, without the blanks around it (the client URL-encodes it).
      expectedCalls = [{ actor: 'find', input: { code: previous.code.trim() } }];
      expect(previous.code.trim()).toBe(PROMOTION.code);
      break;
    case 'promotion.receive':
      if (was !== 'found') return unchanged();
      expect([now, context.error]).toEqual(['receiving', null]);
      expectedCalls = [{ actor: 'receive', input: { code: PROMOTION.code } }];
      break;
    case 'promotion.close':
      // Not while a call is on its way, nor under the alert.
      if (!MODAL_STATES.includes(was)) return unchanged();
      expect([now, context]).toEqual(['editing', { ...previous, promotion: null, error: null }]);
      break;
    case 'result.dismiss':
      if (was === 'received') {
        expect([now, context]).toEqual(['editing', { code: '', codeMissing: false, promotion: null, amount: null, error: null }]);
        // spec 4: the page and the list are read again once the member read the alert.
        expectedEmitted = [{ type: 'bonus.changed' }];
      }
      else if (was === 'refused') expect([now, context]).toEqual(['found', { ...previous, error: null }]);
      else return unchanged();
      break;
    default: {
      const failed = event.type.startsWith('xstate.error.');
      const answer = (event as { output?: PromotionFound | PromotionReceived }).output;
      if (event.type.endsWith('.find')) {
        if (failed) expect([now, context.error]).toEqual(['searchFailed', 'NETWORK_ERROR']);
        else if (answer!.ok) expect([now, context.promotion, context.error]).toEqual(['found', PROMOTION, null]);
        // NO_PROMOTION: the not-found message.
        else if (answer!.message === 'NO_PROMOTION') expect([now, context.promotion, context.error]).toEqual(['notFound', null, null]);
        else expect([now, context.error]).toEqual(['searchFailed', answer!.message]);
      } else if (failed) {
        expect([now, context.error, context.amount]).toEqual(['refused', 'NETWORK_ERROR', null]);
      } else if (answer!.ok) {
        expect([now, context.amount, context.error]).toEqual(['received', (answer!.data as { amount: number }).amount, null]);
      } else {
        expect([now, context.error, context.promotion]).toEqual(['refused', answer!.message, PROMOTION]);
      }
    }
  }
  expect(calls).toEqual(expectedCalls);
  expect(emitted).toEqual(expectedEmitted);
  expect(actions).toEqual([]);
}

describeModels('promotion', promotionModels, {
  tags: {
    editing: [],
    searching: ['busy', 'modal', 'searching'],
    found: ['found', 'modal'],
    notFound: ['modal', 'notFound'],
    searchFailed: ['modal', 'searchFailed'],
    receiving: ['busy', 'found', 'modal'],
    received: ['received'],
    refused: ['found', 'modal', 'refused'],
  },
  check,
});
