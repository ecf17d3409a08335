/**
 * The member home's own icons, drawn like those of ui/icons.tsx (24x24 lines,
 * currentColor). Icons the statement draws too are in ui/member-icons.tsx.
 */
import { icon } from '../ui/icons.tsx';

export const RefreshIcon = icon(
  <>
    <path d="M20 11a8 8 0 0 0-14.6-4.5L4 8" />
    <path d="M4 4v4h4" />
    <path d="M4 13a8 8 0 0 0 14.6 4.5L20 16" />
    <path d="M20 20v-4h-4" />
  </>,
);

export const RefundIcon = icon(
  <>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
    <path d="M14.5 9.5H10l1.8-1.8M10 9.5l1.8 1.8" />
    <path d="M9 15h6" />
  </>,
);

export const PlusIcon = icon(<path d="M12 5v14M5 12h14" />);

export const WheelIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="2" />
    <path d="M12 3v7M12 14v7M3 12h7M14 12h7M5.6 5.6l5 5M13.4 13.4l5 5M18.4 5.6l-5 5M10.6 13.4l-5 5" />
  </>,
);
