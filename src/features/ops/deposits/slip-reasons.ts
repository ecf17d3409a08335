/** spec 8's slip reasons as an operator chooses one to reject a slip with; the member then reads the catalogue's text. */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { SlipReasonCode } from '../../../contract/common.ts';

/** In the order an operator most often needs them: the slip's own faults first, the captcha and unknown last. */
export const SLIP_REASONS: readonly { code: SlipReasonCode; label: MessageDescriptor }[] = [
  { code: 'EXPIRED_SLIP', label: msg`Expired slip` },
  { code: 'SLIP_REFNO_DUPLICATED', label: msg`Duplicate slip` },
  { code: 'NOT_MATCH', label: msg`Not from the member's bank account` },
  { code: 'DEST_ACC_INVALID', label: msg`Paid to a wrong account` },
  { code: 'INVALID_SLIP', label: msg`Slip unreadable or invalid` },
  { code: 'UNSTABLE_REFNO_ON_SLIP', label: msg`Reference unreadable` },
  { code: 'UPLOADED_FILE_NOT_EXIST', label: msg`Incorrect slip (no file)` },
  { code: 'IMG_SIZE_UNABLE_TO_PROCESS', label: msg`Incorrect slip (image size)` },
  { code: 'CANNOT_READ_CROPPED_IMAGE', label: msg`Incorrect slip (cropped)` },
  { code: 'TRIPPLE_WRONG_CAPTCHA', label: msg`Captcha wrong three times` },
  { code: 'UNKNOW_ERROR', label: msg`Unknown error` },
];
