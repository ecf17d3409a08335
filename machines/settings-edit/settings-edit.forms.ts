/**
 * The console's settings forms (docs/decisions/0130-promotions-console.md):
 * for each, the contract schema its PUT checks the body with, and which of
 * its leaves are numbers. The machine checks a draft with these before the
 * preview, so the server's refusal of a shape never has to be the first.
 */
import { OpsContact, OpsNotice, OpsTextsRequest } from '../../src/contract/bonus.ts';
import { InviteSettings, OpsBannersRequest, OpsWheelRequest, RefundSettings } from '../../src/contract/rewards.ts';
import type { DraftShape } from '../shared/form-draft.ts';

export const SETTINGS_FORMS = {
  wheel: {
    schema: OpsWheelRequest,
    shape: {
      numbers: [/^wheel\.slices\.\d+\.(weight|prize\.expiryDays)$/, /^wheel\.slices\.\d+\.prize\.amount\.(BAHT|LAK)$/, /^coinRule\.(BAHT|LAK)$/],
    },
  },
  invite: { schema: InviteSettings, shape: { numbers: [/^(percent|minimumDeposit|turnoverMultiplier|windowDays)$/] } },
  refund: { schema: RefundSettings, shape: { numbers: [/^(percent|minimum)$/] } },
  banners: { schema: OpsBannersRequest, shape: {} },
  texts: { schema: OpsTextsRequest, shape: {} },
  notice: { schema: OpsNotice, shape: {} },
  contact: { schema: OpsContact, shape: {} },
} satisfies Record<string, { schema: unknown; shape: DraftShape }>;

export type SettingsFormId = keyof typeof SETTINGS_FORMS;
