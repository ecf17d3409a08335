/**
 * The app's one icon set: original 24x24 line icons, 2 px stroke, round
 * joins, drawn in currentColor. Icons are decorative (aria-hidden); the
 * control that holds one carries the accessible name. The member area's
 * own icons are in member-icons.tsx and the pages' close, back and outside-link
 * icons in action-icons.tsx, so that /login and the public pages do not load them.
 */
import type { ReactNode, SVGProps } from 'react';

type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

/** An icon component drawing `paths` (member-icons.tsx uses it too). */
export function icon(paths: ReactNode) {
  return function Icon({ size = 24, ...props }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...props}
      >
        {paths}
      </svg>
    );
  };
}

export const LoginIcon = /* @__PURE__ */ icon(
  <>
    <path d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4" />
    <path d="M10 16l4-4-4-4" />
    <path d="M14 12H4" />
  </>,
);

export const RegisterIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="9" cy="8" r="4" />
    <path d="M2 20c0-3.3 3.1-6 7-6s7 2.7 7 6" />
    <path d="M19 8v6M16 11h6" />
  </>,
);

export const PlayIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M10 8.5v7l6-3.5z" />
  </>,
);

export const ChatIcon = /* @__PURE__ */ icon(
  <>
    <path d="M20 12a8 8 0 0 1-11.6 7.1L4 20l1-4.1A8 8 0 1 1 20 12z" />
    <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" />
  </>,
);

export const GlobeIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18" />
    <path d="M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" />
  </>,
);

export const ChevronDownIcon = /* @__PURE__ */ icon(<path d="M6 9l6 6 6-6" />);

export const CheckIcon = /* @__PURE__ */ icon(<path d="M5 12.5l4.5 4.5L19 7.5" />);

export const AlertIcon = /* @__PURE__ */ icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7.5v5.5M12 16.5h.01" />
  </>,
);

export const OfflineIcon = /* @__PURE__ */ icon(
  <>
    <path d="M3 3l18 18" />
    <path d="M8.5 16.5a5 5 0 0 1 7 0M5 13a10 10 0 0 1 5.2-2.8M14.5 10.4A10 10 0 0 1 19 13M2 9.5a15 15 0 0 1 4.3-2.7M11 5.1A15 15 0 0 1 22 9.5" />
    <path d="M12 20h.01" />
  </>,
);

