/**
 * The statement's own icons for entry types and statuses, drawn like
 * ui/icons.tsx. Deposit, withdraw, transfer, bonus (GiftIcon) and the page
 * chevrons are in ui/member-icons.tsx, shared with the home.
 */
import { icon } from '../ui/icons.tsx';

/** A bonus that ended: its conditions were met or it was cleared. */
export const FinishBonusIcon = icon(
  <>
    <path d="M5 21V4" />
    <path d="M5 4h11l-2 4 2 4H5" />
  </>,
);

export const UnknownIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6v.6M12 17h.01" />
  </>,
);

export const ClockIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </>,
);

/** The upload-status button: a slip going up. */
export const SlipUploadIcon = icon(
  <>
    <path d="M6 3h9l3 3v15H6z" />
    <path d="M12 17v-7M9 13l3-3 3 3" />
  </>,
);
