/** The banners the invite and refund modals show first, over the API client. */
import { fromPromise } from 'xstate';
import type { ApiClient } from '../../src/api/client.ts';
import type { BannerArea, BannersAnswer } from './banner-then-modal.types.ts';

export function bannerThenModalActors(api: ApiClient) {
  return {
    readBanners: fromPromise<BannersAnswer, { area: BannerArea }>(({ input, signal }) =>
      api.call(input.area === 'invite' ? 'inviteBanners' : 'refundBanners', { signal }),
    ),
  };
}
