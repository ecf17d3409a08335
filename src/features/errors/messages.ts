/**
 * The one catalogue of member-facing texts for error and status codes
 * (spec 8). Machines keep codes; views map them here (Documenso's
 * SIGNUP_ERROR_MESSAGES pattern). A known code shows its text, anything else
 * shows raw. `satisfies Record<...>` makes a new code fail the build until it
 * has a text.
 *
 * Loaded on demand through message-text.tsx, with the `errors` Lingui
 * catalogue: import it only from there, or it lands in every page's bundle.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ErrorCode, SlipReasonCode, SpecialMessage } from '../../contract/errors.ts';
import { PASSWORD_MIN_LENGTH } from '../../contract/rules/members.ts';
import { CHAT_GUEST_VIDEO_MAX_MB } from '../../contract/rules/chat.ts';
import { NETWORK_ERROR } from '../../../machines/shared/result.ts';
import { VARIANT } from '../../i18n/variant.ts';
import { NETWORK_ERROR_MESSAGE } from './network-error.ts';

/** Codes the SPA itself produces (machines and forms), beside the server's. */
const CLIENT_CODES = [
  NETWORK_ERROR,
  'PASSWORDS_DONT_MATCH',
  'password-not-equal',
  'requiredEngLang',
] as const;
type ClientCode = (typeof CLIENT_CODES)[number];

type MessageCode = SpecialMessage | ErrorCode | SlipReasonCode | ClientCode;

const MESSAGES = {
  // ---- special messages (spec 8)
  'invalid-token': msg`Your session has ended. Please log in again.`,
  'cannot verify identity': msg`We could not verify who you are. Please log in again.`,
  gone: msg`This service is no longer available.`,

  // ---- client codes
  NETWORK_ERROR: NETWORK_ERROR_MESSAGE,
  PASSWORDS_DONT_MATCH: msg`Passwords don't match. Type the same password in both fields.`,
  'password-not-equal': msg`The new password and its confirmation are not the same.`,
  requiredEngLang: msg`Enter the account name in English letters (A–Z) and spaces only.`,

  // ---- server codes (spec 8)
  UNAUTHORIZED: msg`Please log in to continue.`,
  EXPIRED_AUTH_TOKEN: msg`Your session has expired. Please log in again.`,
  INVALID_USER_1: msg`This account cannot be used right now. Please contact support.`,
  INVALID_USER_2: msg`This account cannot be used right now. Please contact support.`,
  INVALID_USER_3: msg`This account cannot be used right now. Please contact support.`,
  INVALID_USER_4: msg`This account cannot be used right now. Please contact support.`,
  INVALID_IP: msg`Access from your network is not allowed. Try another connection or contact support.`,
  NOT_AREASLOT: msg`This game account is not available for your account.`,
  NOT_UFABET: msg`This game account is not available for your account.`,
  OTP_BLOCK: msg`Too many OTP requests. Please wait a while before asking for a new code.`,
  OTP_TOKEN_INVALID: msg`This OTP is no longer valid. Request a new code.`,
  OTP_NOT_EXIST: msg`No OTP was found for this number. Request a new code.`,
  OTP_VERIFIED: msg`This phone number is already verified.`,
  OTP_EXPIRED: msg`The OTP code has expired. Request a new code.`,
  OTP_CODE_INVALID: msg`The OTP code is incorrect. Check the SMS and try again.`,
  OTP_CODE_VALID: msg`The OTP code is correct.`,
  EXISTING_USER: msg`This phone number is already registered. Log in instead.`,
  EXISTING_BANK: msg`This bank account is already used by another member. Use a different account.`,
  INVALID_USER_INFO: msg`Some details are missing or invalid. Check the form and try again.`,
  UNVERIFIED_OTP: msg`Please verify your phone number with the OTP code first.`,
  GAME_ACTIVATION_FAIL: msg`The game account could not be opened. Please try again later.`,
  INVALID_BANK: msg`Choose a bank from the list.`,
  BANK_ACCOUNT_NAME_ENG: msg`Bank account name must be in English only.`,
  REGISTER_FAIL: msg`Registration failed. Please try again or contact support.`,
  NO_USER: msg`No account was found with this phone number.`,
  WRONG_PASSWORD: msg`The current password is incorrect.`,
  REQUEST_LIMIT: msg`Too many attempts. Please wait a moment and try again.`,
  WRONG_CREDENTIAL: msg`The phone number or password is incorrect.`,
  INACTIVE_USER: msg`This account is not active. Please contact support.`,
  LOGIN_FAIL: msg`Login failed. Please try again.`,
  BONUS_REMAINING: msg`You still have a bonus in progress. Finish it before taking another.`,
  BONUS_ALREADY_ACTIVE: msg`This bonus is already active.`,
  BONUS_MAX_CLAIMED: msg`You have already received this bonus the maximum number of times.`,
  BONUS_CONDITION: msg`The bonus cannot be ended yet: its conditions are not met.`,
  BONUS_CLEAR: msg`The bonus was cancelled.`,
  INVITE_COLLECT: msg`The invite bonus was collected.`,
  INTERNAL_SERVER_ERROR: msg`Something went wrong on our side. Please try again in a few minutes.`,
  INVITE_INACTIVE: msg`The invite-friend bonus is not available right now.`,
  NO_INVITE_BONUS: msg`You have no invite bonus to collect yet.`,
  NO_INVITEE_PLAY_INFO: msg`Your invited friends have not played yet, so there is no bonus to collect.`,
  INVITE_BONUS_SUCCESS: msg`The invite bonus was added to your wallet.`,
  INVITE_BONUS_FAIL: msg`The invite bonus could not be collected. Please try again later.`,
  OK: msg`Done.`,
  KEY_MISSING: msg`Some required information is missing. Check the form and try again.`,
  KEY_INVALID: msg`Some information is not valid. Check the form and try again.`,
  SUCCESS: msg`Done.`,
  OTP_SEND_FAIL: msg`The OTP code could not be sent. Check the phone number and try again.`,
  OTP_VERIFY_FAIL: msg`The OTP code could not be verified. Try again or request a new code.`,
  NO_DATA: msg`There is nothing to show yet.`,
  NO_PROMOTION: msg`No promotion was found for this code.`,
  PROMOTION_RECEIVED: msg`You have already received this promotion.`,
  BONUS_FULL: msg`This bonus is fully claimed. Choose another one.`,
  QR_FAIL: msg`The QR code could not be created. Please try again.`,
  NO_REFUND: msg`You have no refund to receive.`,
  REFUND_CONDITION: msg`The refund conditions are not met yet.`,
  REFUND_SUCCESS: msg`The refund was added to your wallet.`,
  REFUND_INACTIVE: msg`Refunds are not available right now.`,
  REFUND_MINIMUM: msg`The refund amount must be more than 0 baht.`,
  NO_BANK: msg`No bank account was found. Please contact support.`,
  NO_WALLET: msg`No wallet was found. Please contact support.`,
  SLOT_ALREADY_ACTIVE: msg`This game account is already open.`,
  SLOT_ACTIVATE_FAIL: msg`The game account could not be opened. Please try again later.`,
  SLOT_NO_ACCOUNT: msg`You have no account for this game yet. Open one first.`,
  SLOT_RESET_PASSWORD_FAIL: msg`The game password could not be reset. Please try again later.`,
  TRANSFER_MINIMUM: msg`The transfer amount must be more than 0.`,
  NO_GAME: msg`This game was not found.`,
  MONEY_NOT_ENOUGH: msg`Your balance is not enough for this amount.`,
  TRANSFER_FAIL: msg`The transfer failed. The money was returned to your wallet.`,
  SLIP_UPLOAD_FAIL: msg`The slip could not be uploaded. Please try again.`,
  REQUEST_LIMIT_1MIN: msg`Too many requests. Please wait about 1 minute and try again.`,
  SLIP_NO_FILE: msg`Choose a slip image to upload.`,
  SLIP_INVALID_FILE: msg`This file is not a valid slip image. Upload a photo of the slip.`,
  TRUELINK_DUPLICATE: msg`This TrueMoney link has already been used.`,
  TRUELINK_INVALID: msg`This TrueMoney link is not valid. Check it and try again.`,
  PHONE_NUMBER_REQUIRE_10_DIGIT: msg`Enter a phone number of 10 digits.`,
  NO_CLAIMABLE_COUPON: msg`You have no coupon to claim.`,
  INVALID_PRIZE_CODE: msg`This prize code is not valid.`,
  INVALID_CODE: msg`This code is not valid.`,
  INVALID_COUPON_TYPE: msg`This coupon cannot be claimed here.`,
  COUPON_EXPIRED: msg`This coupon has expired.`,
  WITHDRAW_MINIMUM: msg`The amount is below the minimum withdrawal.`,
  WITHDRAW_MAXIMUM: msg`The amount is above the maximum withdrawal.`,
  ACCOUNT_INCORRECT: msg`Please select correct account`,
  SAME_ACCOUNT: msg`Cannot transfer to or from same account`,
  BANK_ACCOUNT_NO_INVALID: msg`Enter the bank account number as 6 to 20 digits.`,
  PASSWORD_TOO_SHORT: msg`The password is too short. Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  PASSWORD_TOO_COMMON: msg`This password is too easy to guess: it is a common or leaked password, or made of your phone or name. Use a longer one, such as a few words that belong together only for you.`,
  SLIP_TOO_LARGE: msg`This file is larger than 10 MB. Choose a smaller image of the slip.`,
  SPIN_INACTIVE: msg`The prize wheel is closed right now.`,
  NO_COIN: msg`You have no coins to spin with. Play the games to earn coins.`,
  CHAT_TEXT_INVALID: msg`Write a message of 1 to 2,000 characters.`,
  CHAT_FILE_NOT_SUPPORTED: msg`File is not supported`,
  CHAT_FILE_TOO_LARGE: msg`The file is too large. Please select an image no larger than 10 MB or a video no larger than 20 MB.`,
  CHAT_NO_FILE: msg`Choose a file to send.`,
  CHAT_GUEST_INVALID: msg`This chat has ended. Open the chat again to start a new one.`,
  CHAT_CLOSED: msg`This chat has ended. Open the chat again to start a new one.`,
  CHAT_GUEST_VIDEO_TOO_LARGE: msg`Guests can send videos of up to ${CHAT_GUEST_VIDEO_MAX_MB} MB. Log in to send a larger video.`,
  CHAT_MEDIA_QUOTA: msg`You have sent as many files as you can for today. Please try again later, or write a message.`,
  CHAT_STORAGE_FULL: msg`Files cannot be received right now. Please write a message instead, or try again later.`,
  APPROVAL_REQUIRED: msg`This amount needs a second operator's approval. The request is waiting in the approvals.`,
  SAME_OPERATOR: msg`You asked for this yourself. Another operator must approve it.`,
  APPROVER_ENROLLED_BY_ASKER: msg`The one who asked gave you your sign-in. An operator they did not add or reset must approve it.`,
  APPROVAL_MEMBER_CHANGED: msg`The member's phone number changed after this was asked. Reject it and ask again.`,
  OPERATOR_EXISTS: msg`An operator already has this phone number. Reset their sign-in instead.`,
  OPERATOR_PHONE_IS_MEMBER: msg`This phone number belongs to a member. An operator needs a phone number of their own.`,
  OPERATOR_DISABLED: msg`This operator is disabled. Add them again to give them new sign-in details.`,
  OPERATOR_BOOTSTRAP: msg`The first admin follows the server's settings (OPERATOR_PHONE) and cannot be changed here.`,
  OPERATOR_SELF: msg`You cannot disable your own account. Ask another admin.`,
  MEMBER_PHONE_TAKEN: msg`Another member already has this phone number.`,
  MEMBER_PHONE_IS_OPERATOR: msg`This phone number belongs to an operator. A member cannot take it.`,

  // ---- slip failure reasons (spec 8)
  UPLOADED_FILE_NOT_EXIST: msg`Incorrect slip. Upload the slip again.`,
  IMG_SIZE_UNABLE_TO_PROCESS: msg`Incorrect slip. Upload the slip again.`,
  CANNOT_READ_CROPPED_IMAGE: msg`Incorrect slip. Upload the slip again.`,
  DEST_ACC_INVALID: msg`The money went to the wrong account. Transfer only to the account shown for deposits.`,
  SLIP_REFNO_DUPLICATED: msg`This slip was already uploaded.`,
  UNSTABLE_REFNO_ON_SLIP: msg`The reference number on the slip cannot be read. Upload a clearer image.`,
  TRIPPLE_WRONG_CAPTCHA: msg`The captcha was wrong three times in a row. Please try again later.`,
  INVALID_SLIP: msg`The slip cannot be read or is not valid. Upload a clear image of the original slip.`,
  NOT_MATCH: msg`The paying account does not match your registered bank account.`,
  EXPIRED_SLIP: msg`This slip has expired. Slips must be uploaded within 1 hour.`,
  UNKNOW_ERROR: msg`Unknown error. Please contact the admin.`,
} as const satisfies Record<MessageCode, MessageDescriptor>;

/** Laos numbers have no fixed length (rules.ts accepts 8 to 13 digits there). */
const LAOS_PHONE_MESSAGE = msg`Enter a phone number of 8 to 13 digits.`;

/**
 * The member-facing text for a code from a machine or the server; a message
 * outside the catalogue is shown as the server sent it (spec 8).
 */
export function messageText(i18n: I18n, message: string): string {
  const descriptor =
    VARIANT === 'la' && message === 'PHONE_NUMBER_REQUIRE_10_DIGIT'
      ? LAOS_PHONE_MESSAGE
      : (MESSAGES as Record<string, MessageDescriptor | undefined>)[message];
  return descriptor ? i18n._(descriptor) : message;
}
