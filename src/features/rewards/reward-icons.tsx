/** Icons of the invite and refund modals, drawn like those of ui/icons.tsx (24x24 lines, currentColor). */
import { icon } from '../ui/icons.tsx';

export const ShareIcon = icon(
  <>
    <circle cx="18" cy="5" r="2.5" />
    <circle cx="6" cy="12" r="2.5" />
    <circle cx="18" cy="19" r="2.5" />
    <path d="M8.2 10.8l7.6-4.4M8.2 13.2l7.6 4.4" />
  </>,
);
