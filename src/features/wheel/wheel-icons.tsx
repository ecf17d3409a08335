/** The wheel's own icons, in the app's one set (ui/icons.tsx: 24x24 lines, 2 px, currentColor). */
import { icon } from '../ui/icons.tsx';

export const CoinIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="5.5" />
    <path d="M12 9.5v5" />
  </>,
);

export const TicketIcon = /* @__PURE__ */ icon(
  <>
    <path d="M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4z" />
    <path d="M14 7v2M14 11v2M14 15v2" />
  </>,
);

export const ShieldIcon = /* @__PURE__ */ icon(
  <>
    <path d="M12 3l8 3v6c0 4.5-3.4 8.2-8 9-4.6-.8-8-4.5-8-9V6z" />
    <path d="M8.5 12l2.5 2.5 4.5-5" />
  </>,
);
