import { assign, setup } from 'xstate';
import { actorOutput, notProvided } from '../shared/actors.ts';
import { loaderDelays, skeletonAfterLoaderDelay } from '../shared/delays.ts';
import { okData } from '../shared/result.ts';
import type {
  BannerArea,
  BannersAnswer,
  BannerThenModalContext,
  BannerThenModalEvent,
  BannerThenModalInput,
  BannerThenModalOutput,
  BannerThenModalTag,
} from './banner-then-modal.types.ts';

export const bannerThenModalMachine = setup({
  types: {
    context: {} as BannerThenModalContext,
    events: {} as BannerThenModalEvent,
    input: {} as BannerThenModalInput,
    output: {} as BannerThenModalOutput,
    tags: {} as BannerThenModalTag,
  },
  actors: {
    readBanners: notProvided<BannersAnswer, { area: BannerArea }>('readBanners'),
  },
  actions: {
    keepBanners: assign((_, answer: BannersAnswer) => ({ banners: okData(answer).banners })),
    cancel: assign({ cancelled: true }),
  },
  guards: {
    someBanners: (_, answer: BannersAnswer) => answer.ok && answer.data.banners.length > 0,
  },
  delays: loaderDelays,
}).createMachine({
  id: 'bannerThenModal',
  description:
    'Before the invite or refund modal (spec 2 Member home): their banners are read; when there are some, a carousel shows and closing it opens the modal; none, or a failed read (spec 7: these lookups swallow errors), opens the modal directly.',
  context: ({ input }) => ({ area: input.area, banners: [], cancelled: false }),
  initial: 'loading',
  states: {
    loading: {
      description:
        'GET /api/{area}/banners. Nothing shows for the loader delay (spec 9); a slower read shows a waiting dialog the member may close, and then nothing opens.',
      tags: 'loading',
      ...skeletonAfterLoaderDelay,
      invoke: {
        id: 'readBanners',
        src: 'readBanners',
        input: ({ context }) => ({ area: context.area }),
        onDone: [
          { guard: { type: 'someBanners', params: actorOutput }, target: 'carousel', actions: { type: 'keepBanners', params: actorOutput } },
          { target: 'done' },
        ],
        onError: 'done',
      },
      on: {
        'modal.close': { target: 'done', actions: 'cancel' },
      },
    },
    carousel: {
      tags: 'carousel',
      description: 'The banners in a carousel; closing it opens the modal.',
      on: {
        'carousel.close': 'done',
      },
    },
    done: {
      type: 'final',
    },
  },
  output: ({ context }) => ({ open: !context.cancelled }),
});
