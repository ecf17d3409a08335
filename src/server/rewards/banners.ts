/**
 * The banner carousels members see before the invite and refund modals
 * (spec 2: "Invite and refund first fetch banners"; GET /api/invite/banners,
 * /api/refund/banners). The operator writes them (rewards-ops.ts putBanners,
 * HTML cleaned there); a member reads each banner's image and its HTML in
 * their language. A feature that is off shows no banners: they would
 * advertise an invite or a refund the member cannot get
 * (docs/decisions/0101-rewards-operator-api-and-demo.md).
 */
import type { BannerItem } from '../../contract/bonus.ts';
import type * as v from 'valibot';
import type { Queryable } from '../db/client.ts';
import type { Language } from '../language.ts';
import { getSettings } from '../repositories/settings.ts';
import type { BannerArea } from './rewards-ops.ts';

type MemberBanner = v.InferOutput<typeof BannerItem>;

const SETTINGS = {
  invite: { rule: 'invite', banners: 'inviteBanners' },
  refund: { rule: 'refund', banners: 'refundBanners' },
} as const;

/** The area's banners in `language`, in the operator's order; none while the area is off. */
export async function memberBanners(db: Queryable, area: BannerArea, language: Language): Promise<MemberBanner[]> {
  const { rule, banners } = SETTINGS[area];
  const stored = await getSettings(db, rule, banners);
  if (!stored[rule].active) return [];
  return stored[banners].map((banner) => ({ image: banner.image, html: banner.html[language] }));
}
