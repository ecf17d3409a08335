/**
 * The audit's actions in words (docs/decisions/0123-audit-trail.md lists
 * them): the filter's choices and each row's label. An action the console
 * does not know yet shows as the server wrote it.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export const AUDIT_ACTIONS: Record<string, MessageDescriptor> = {
  'deposit.manual': msg`Manual deposit`,
  'payment.credit': msg`Payment credited`,
  'payment.dismissed': msg`Payment dismissed`,
  'slip.approved': msg`Slip approved`,
  'slip.rejected': msg`Slip rejected`,
  'withdrawal.paid': msg`Payout paid`,
  'withdrawal.rejected': msg`Payout rejected`,
  adjustment: msg`Adjustment`,
  'round.rollback': msg`Game round rolled back`,
  'approval.requested': msg`Approval requested`,
  'approval.approved': msg`Approval given`,
  'approval.rejected': msg`Approval refused`,
  'approval.superseded': msg`Approval no longer needed`,
  'member.status': msg`Member standing changed`,
  'bonus.create': msg`Bonus created`,
  'bonus.change': msg`Bonus changed`,
  'bonus.paused': msg`Bonus paused`,
  'bonus.active': msg`Bonus made active`,
  'settings.agreements': msg`Agreements text changed`,
  'settings.conditions': msg`Conditions text changed`,
  'wheel.change': msg`Prize wheel changed`,
  'settings.wheelCoins': msg`Wheel coins changed`,
  'settings.invite': msg`Invite settings changed`,
  'settings.refund': msg`Refund settings changed`,
  'settings.inviteBanners': msg`Invite banners changed`,
  'settings.refundBanners': msg`Refund banners changed`,
  'chat.canned.create': msg`Canned reply added`,
  'chat.canned.change': msg`Canned reply changed`,
  'chat.canned.delete': msg`Canned reply deleted`,
  'operator.add': msg`Operator added`,
  'operator.disabled': msg`Operator disabled`,
  'operator.reset': msg`Operator sign-in reset`,
  'ledger.check': msg`Ledger checked`,
  'game.switch': msg`Game switched off or on`,
};
