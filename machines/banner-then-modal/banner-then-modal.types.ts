/**
 * What opens before the invite and refund modals (spec 2 Member home:
 * "Invite and refund first fetch banners. If banners exist, a carousel shows
 * and closing it opens the invite or refund modal; otherwise the modal opens
 * directly"). spec 7: these lookups swallow errors.
 */
import type * as v from 'valibot';
import type { BannersResponse } from '../../src/contract/rewards.ts';
import type { Result } from '../shared/result.ts';

/** Whose banners: the invite modal's or the refund modal's (GET /api/invite/banners, /api/refund/banners). */
export type BannerArea = 'invite' | 'refund';

export type Banner = v.InferOutput<typeof BannersResponse>['banners'][number];

/** What the banners read answers. */
export type BannersAnswer = Result<v.InferOutput<typeof BannersResponse>>;

export interface BannerThenModalInput {
  area: BannerArea;
}

export interface BannerThenModalContext {
  area: BannerArea;
  /** The carousel's banners (image and HTML); empty until read. */
  banners: Banner[];
  /** The member closed the dialog while the banners were read: the modal does not open. */
  cancelled: boolean;
}

export type BannerThenModalEvent =
  /** The member closed the carousel: the modal opens. */
  | { type: 'carousel.close' }
  /** The member closed the waiting dialog (a slow read): nothing opens. */
  | { type: 'modal.close' };

export interface BannerThenModalOutput {
  /** The modal opens next (false: the member closed the dialog before the banners came). */
  open: boolean;
}

/**
 * Actor the view provides: readBanners ({ area } → BannersAnswer).
 * Tags: 'loading' (the banners are read), 'skeleton' (the read is slower than
 * the loader delay: a waiting dialog shows), 'carousel' (the banners show).
 */
export type BannerThenModalTag = 'loading' | 'skeleton' | 'carousel';
