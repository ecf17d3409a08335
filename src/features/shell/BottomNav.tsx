/**
 * The bottom menu (docs/product/ui.md: "the bottom menu is the map"): icons with words,
 * thumb-reachable, the current place marked with aria-current (TanStack's
 * Link sets it on the active link).
 */
import type { ComponentType, ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { useLingui } from '@lingui/react/macro';

type IconComponent = ComponentType<{ size?: number }>;

export type NavItem =
  | { kind: 'link'; to: string; label: ReactNode; icon: IconComponent }
  | { kind: 'button'; onClick: () => void; label: ReactNode; icon: IconComponent; expanded?: boolean };

export function BottomNav({ items }: { items: NavItem[] }) {
  const { t } = useLingui();
  return (
    <nav className="bottom-nav" aria-label={t`Main menu`}>
      <ul className="bottom-nav__list">
        {items.map((item, index) => (
          <li key={index}>
            {item.kind === 'link' ? (
              <Link to={item.to} className="bottom-nav__item" activeOptions={{ exact: true, includeSearch: false }}>
                <item.icon size={24} />
                <span className="bottom-nav__label">{item.label}</span>
              </Link>
            ) : (
              <button
                type="button"
                className="bottom-nav__item"
                aria-haspopup="dialog"
                aria-expanded={item.expanded ?? false}
                onClick={item.onClick}
              >
                <item.icon size={24} />
                <span className="bottom-nav__label">{item.label}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
