/**
 * The banners before the invite and refund modals as a test model: banners
 * to show, none, a failed read; the carousel closed; the waiting dialog
 * closed before the answer. The refund area's flow only differs in what it reads.
 */
import { bannerThenModalMachine } from '../../machines/banner-then-modal/banner-then-modal.machine.ts';
import type { BannerArea, BannersAnswer } from '../../machines/banner-then-modal/banner-then-modal.types.ts';
import { offerAll, type EventFixtures, type FlowModel } from './support/flow-model.ts';

type BannerThenModal = typeof bannerThenModalMachine;

export const BANNERS = [
  { image: '/banners/invite-1.png', html: '<p>Invite a friend, earn 10%</p>' },
  { image: '/banners/invite-2.png', html: '<p>Your friend plays, you earn</p>' },
];

const events = {
  'carousel.close': () => [{ type: 'carousel.close' }],
  'modal.close': () => [{ type: 'modal.close' }],
} satisfies EventFixtures<BannerThenModal>;

const replies = {
  readBanners: [
    { ok: true, data: { banners: BANNERS } },
    { ok: true, data: { banners: [] } },
    { ok: false, message: 'INTERNAL_SERVER_ERROR' },
  ] satisfies BannersAnswer[],
};

const model = (area: BannerArea): FlowModel<BannerThenModal> => ({
  name: `${area} banners`,
  machine: bannerThenModalMachine,
  input: { area },
  events: offerAll(events),
  replies,
  abstraction: ({ context }) => ({ banners: context.banners.length > 0 }),
});

export const bannerThenModalModels = [model('invite'), model('refund')];
