/**
 * The inbox's own icons, drawn like the app's one set (src/features/ui/icons.tsx):
 * they load with the inbox's chunk. The chat widget has its own copies of
 * the send, attach and phone icons (src/features/chat/chat-icons.tsx) in
 * its catalogue's folder, which operator pages may not import.
 */
import { icon } from '../../ui/icons.tsx';

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

export const SearchIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4.5 4.5" />
  </>,
);

export const QuickTextIcon = /* @__PURE__ */ icon(
  <>
    <path d="M5 5h14v10H9l-4 4z" />
    <path d="M9 9h6M9 12h4" />
  </>,
);

export const ButtonsIcon = /* @__PURE__ */ icon(
  <>
    <rect x="3" y="5" width="18" height="5" rx="2" />
    <rect x="3" y="14" width="18" height="5" rx="2" />
  </>,
);

export const CardsIcon = /* @__PURE__ */ icon(
  <>
    <rect x="3" y="5" width="12" height="14" rx="2" />
    <path d="M18 7v10M21 9v6" />
  </>,
);

export const EndIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M9 9l6 6M15 9l-6 6" />
  </>,
);

export const FlagIcon = /* @__PURE__ */ icon(
  <>
    <path d="M5 21V4" />
    <path d="M5 4h11l-2 4 2 4H5" />
  </>,
);

export const PlusIcon = /* @__PURE__ */ icon(<path d="M12 5v14M5 12h14" />);

export const EditIcon = /* @__PURE__ */ icon(
  <>
    <path d="M4 20h4L19 9l-4-4L4 16z" />
    <path d="M13.5 6.5l4 4" />
  </>,
);

export const TrashIcon = /* @__PURE__ */ icon(
  <>
    <path d="M4 7h16M10 11v6M14 11v6" />
    <path d="M6 7l1 13h10l1-13M9 7V4h6v3" />
  </>,
);

export const RetryIcon = /* @__PURE__ */ icon(
  <>
    <path d="M20 11a8 8 0 1 0-2.3 5.7" />
    <path d="M20 4v7h-7" />
  </>,
);

export const FileIcon = /* @__PURE__ */ icon(
  <>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5" />
  </>,
);

export const MoreIcon = /* @__PURE__ */ icon(<path d="M6 12h.01M12 12h.01M18 12h.01" />);
