/**
 * The inbox's own icons, drawn like the app's one set (src/features/ui/icons.tsx):
 * they load with the inbox's chunk. Those it shares with the chat widget
 * (send, attach, phone, retry, file) are the widget's (chat-shared/chat-icons.tsx).
 */
import { icon } from '../../ui/icons.tsx';

export { AttachIcon, FileIcon, PhoneIcon, RetryIcon, SendIcon } from '../../chat-shared/chat-icons.tsx';

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

