import type { BannerThenModalContext, BannersAnswer } from '../../machines/banner-then-modal/banner-then-modal.types.ts';
import { LOADER_DELAY_MS } from '../../machines/shared/delays.ts';
import { BANNERS, bannerThenModalModels } from './banner-then-modal.model.ts';
import { describeModels } from './support/describe-model.ts';
import { stateKey, type FlowModel } from './support/flow-model.ts';
import type { ReplayedStep } from './support/replay.ts';
import { expect } from './support/step-expect.ts';

function check({ event, before, after, actions, calls, waited }: ReplayedStep, flow: FlowModel) {
  const was = before ? stateKey(before) : '';
  const now = stateKey(after);
  const context = after.context as BannerThenModalContext;
  const area = (flow.input as { area: string }).area;
  const unchanged = () => expect([now, context, calls]).toEqual([was, before?.context, []]);
  let expectedCalls: unknown[] = [];

  switch (event.type) {
    case 'xstate.init':
      expect([now, context]).toEqual(['loading.quiet', { area, banners: [], cancelled: false }]);
      expectedCalls = [{ actor: 'readBanners', input: { area } }];
      break;
    case 'carousel.close':
      // Closing the carousel opens the modal.
      if (was !== 'carousel') return unchanged();
      expect([after.status, after.output]).toEqual(['done', { open: true }]);
      break;
    case 'modal.close':
      // The waiting dialog closed before the banners came: nothing opens.
      if (!was.startsWith('loading')) return unchanged();
      expect([after.status, after.output]).toEqual(['done', { open: false }]);
      break;
    default: {
      if (event.type.startsWith('xstate.after.')) {
        // spec 9: the waiting dialog only after 200 ms.
        expect([now, waited]).toEqual(['loading.slow', LOADER_DELAY_MS]);
        break;
      }
      const answer = (event as { output?: BannersAnswer }).output;
      if (answer?.ok && answer.data.banners.length > 0) {
        expect([now, context.banners]).toEqual(['carousel', BANNERS]);
      } else {
        // None, or a failed read (spec 7: swallowed): the modal opens directly.
        expect([after.status, after.output]).toEqual(['done', { open: true }]);
      }
    }
  }
  expect(calls).toEqual(expectedCalls);
  expect(actions).toEqual([]);
}

describeModels('banner-then-modal', bannerThenModalModels, {
  tags: {
    'loading.quiet': ['loading'],
    'loading.slow': ['loading', 'skeleton'],
    carousel: ['carousel'],
    done: [],
  },
  check,
});
