/**
 * Icons of the pages' actions (close, back, an outside link). Apart from
 * icons.tsx, whose module is part of the entry: every icon exported there
 * ships with /login's first load, and none of these is on that page
 * (docs/decisions/0013-login-budget-120-kb.md).
 */
import { icon } from './icons.tsx';

export const CloseIcon = /* @__PURE__ */ icon(<path d="M6 6l12 12M18 6L6 18" />);

export const BackIcon = /* @__PURE__ */ icon(<path d="M15 5l-7 7 7 7" />);

export const ExternalIcon = /* @__PURE__ */ icon(
  <>
    <path d="M14 4h6v6M20 4l-9 9" />
    <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
  </>,
);
