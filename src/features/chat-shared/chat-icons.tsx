/**
 * The chat's icons, drawn like the app's one set (src/features/ui/icons.tsx),
 * for the widget and the agent inbox: they load with those chunks, not with
 * the pages. The inbox's own ones are in features/ops/inbox/inbox-icons.tsx.
 */
import { icon } from '../ui/icons.tsx';

export const SendIcon = /* @__PURE__ */ icon(
  <>
    <path d="M4 12l16-8-6 16-2.5-6.5z" />
    <path d="M11.5 13.5L20 4" />
  </>,
);

export const AttachIcon = /* @__PURE__ */ icon(
  <path d="M20 11.5l-7.8 7.8a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7L9.8 16.9a1.7 1.7 0 0 1-2.4-2.4l7.1-7.1" />,
);

export const PhoneIcon = /* @__PURE__ */ icon(
  <path d="M5 4h3.5l1.5 4.5-2.2 1.3a11 11 0 0 0 6.4 6.4l1.3-2.2L20 15.5V19a1 1 0 0 1-1 1A16 16 0 0 1 4 5a1 1 0 0 1 1-1z" />,
);

export const FileIcon = /* @__PURE__ */ icon(
  <>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5" />
  </>,
);

export const RetryIcon = /* @__PURE__ */ icon(
  <>
    <path d="M20 11a8 8 0 1 0-2.3 5.7" />
    <path d="M20 4v7h-7" />
  </>,
);

export const ArrowDownIcon = /* @__PURE__ */ icon(<path d="M12 5v14M6 13l6 6 6-6" />);
