/**
 * The member area's icons, drawn like those of icons.tsx. A module of their
 * own: the public pages never draw them, and a shared module would put them
 * in every page's first load.
 */
import { icon } from './icons.tsx';

/** The left chevron (page links, carousels) is the back arrow. */
export { BackIcon as ChevronLeftIcon } from './action-icons.tsx';

export const CopyIcon = /* @__PURE__ */ icon(
  <>
    <rect x="9" y="9" width="11" height="11" rx="2" />
    <path d="M5 15V5a1 1 0 0 1 1-1h10" />
  </>,
);

export const LogoutIcon = /* @__PURE__ */ icon(
  <>
    <path d="M10 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h4" />
    <path d="M15 16l4-4-4-4" />
    <path d="M19 12H9" />
  </>,
);

export const HomeIcon = /* @__PURE__ */ icon(
  <>
    <path d="M3 11l9-7 9 7" />
    <path d="M5 10v10h5v-6h4v6h5V10" />
  </>,
);

export const ProfileIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
  </>,
);

export const ConditionsIcon = /* @__PURE__ */ icon(
  <>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5" />
    <path d="M9 13h6M9 17h4" />
  </>,
);

export const StatementIcon = /* @__PURE__ */ icon(
  <>
    <path d="M8 6h12M8 12h12M8 18h12" />
    <path d="M4 6h.01M4 12h.01M4 18h.01" />
  </>,
);

export const GiftIcon = /* @__PURE__ */ icon(
  <>
    <rect x="3" y="8" width="18" height="5" rx="1" />
    <path d="M5 13v7h14v-7M12 8v12" />
    <path d="M12 8c-2-4-6-4-6-1.5S9.5 8 12 8zM12 8c2-4 6-4 6-1.5S14.5 8 12 8z" />
  </>,
);

export const LockIcon = /* @__PURE__ */ icon(
  <>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </>,
);

export const DepositIcon = /* @__PURE__ */ icon(
  <>
    <path d="M12 3v11M7.5 9.5L12 14l4.5-4.5" />
    <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
  </>,
);

export const WithdrawIcon = /* @__PURE__ */ icon(
  <>
    <path d="M12 14V3M7.5 7.5L12 3l4.5 4.5" />
    <path d="M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
  </>,
);

export const TransferIcon = /* @__PURE__ */ icon(
  <>
    <path d="M4 8h14M14 4l4 4-4 4" />
    <path d="M20 16H6M10 12l-4 4 4 4" />
  </>,
);

export const ChevronRightIcon = /* @__PURE__ */ icon(<path d="M9 5l7 7-7 7" />);
