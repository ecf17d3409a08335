/**
 * The banners before the invite and refund modals, replayed in the real
 * BannerCarouselModal: nothing shows while the banners are read, a waiting
 * dialog after the loader delay, the carousel, and the end (the modal opens,
 * or nothing when the waiting dialog was closed).
 */
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, it, vi } from 'vitest';
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { bannerThenModalActors } from '../../../machines/banner-then-modal/banner-then-modal.actors.ts';
import { bannerThenModalMachine } from '../../../machines/banner-then-modal/banner-then-modal.machine.ts';
import type { BannerThenModalContext, BannerThenModalInput } from '../../../machines/banner-then-modal/banner-then-modal.types.ts';
import BannerCarouselModal from '../../../src/features/rewards/BannerCarouselModal.tsx';
import { bannerThenModalModels } from '../banner-then-modal.model.ts';
import { replayInView, viewPaths, viewPathTitle, type ViewDriver } from '../support/component-replay.ts';
import { fakeApiClient, newFakeApi } from '../support/fake-api.ts';
import { stateKey } from '../support/flow-model.ts';
import { renderModal } from '../support/modal-harness.tsx';
import { expect } from '../support/step-expect.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The member can close the waiting dialog only once it shows. */
function offers(event: AnyEventObject, before: AnyMachineSnapshot): boolean {
  return event.type !== 'modal.close' || before.matches({ loading: 'slow' });
}

function driver(input: BannerThenModalInput, onEnd: (open: boolean) => void): ViewDriver {
  const title = input.area === 'invite' ? 'Invite friends' : 'Refund';
  const dialog = () => screen.getByRole('dialog', { name: title });
  return {
    render: () =>
      renderModal({
        logic: bannerThenModalMachine.provide({ actors: bannerThenModalActors(fakeApiClient()) }),
        input,
        onEnd: (output) => onEnd(output.open),
        children: (machine) => <BannerCarouselModal machine={machine} />,
      }),
    perform(event: AnyEventObject) {
      if (event.type === 'carousel.close') return void fireEvent.click(within(dialog()).getByRole('button', { name: 'Continue' }));
      if (event.type === 'modal.close') return void fireEvent.click(within(dialog()).getAllByRole('button', { name: 'Close' })[0]!);
      throw new Error(`No gesture for ${event.type}`);
    },
    apiCall: () => ({ name: input.area === 'invite' ? 'inviteBanners' : 'refundBanners', args: [{}] }),
    expectView({ after }) {
      if (after.status === 'done') {
        expect(vi.mocked(onEnd).mock.calls, 'how it ended').toEqual([[(after.output as { open: boolean }).open]]);
        return expect(screen.queryByRole('dialog'), 'nothing shows').toBeNull();
      }
      switch (stateKey(after)) {
        case 'loading.quiet':
          // spec 9: nothing flashes before the loader delay.
          return expect(screen.queryByRole('dialog')).toBeNull();
        case 'loading.slow':
          return expect(dialog().querySelector('[aria-busy="true"] .skeleton'), 'waiting dialog').not.toBeNull();
        case 'carousel': {
          const { banners } = after.context as BannerThenModalContext;
          // The slides out of view are hidden from assistive technology, not gone.
          const slides = within(dialog()).getAllByRole('group', { hidden: true });
          expect(slides.length, 'one slide a banner').toBe(banners.length);
          // The HTML from the server, sanitised, in each slide.
          expect(within(slides[0]!).getByText('Invite a friend, earn 10%')).toBeTruthy();
          return expect(within(dialog()).getByRole('button', { name: 'Next banner' })).toBeTruthy();
        }
        default:
          throw new Error(`No view for ${stateKey(after)}`);
      }
    },
  };
}

for (const flow of bannerThenModalModels) {
  describe(flow.name, () => {
    for (const path of viewPaths(flow, { offers })) {
      it(viewPathTitle(flow, path), async () => {
        const api = newFakeApi();
        await replayInView(flow, path, driver(flow.input as BannerThenModalInput, vi.fn()), api);
      });
    }
  });
}
