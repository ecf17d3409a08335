/**
 * The frame both areas share (spec 2): the top bar with the product name,
 * the language menu and the area's own actions, the page, and the bottom
 * menu; `children` are the area's dialogs.
 */
import type { ReactNode } from 'react';
import { Outlet } from '@tanstack/react-router';
import { BrandMark } from '../ui/BrandMark.tsx';
import { BottomNav, type NavItem } from './BottomNav.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { ProductName } from './ProductName.tsx';

export function ShellFrame({
  area,
  actions,
  items,
  children,
}: {
  area: 'public' | 'member';
  actions?: ReactNode;
  items: NavItem[];
  children?: ReactNode;
}) {
  return (
    <div className={`shell shell--${area}`}>
      <header className="top-bar">
        <div className="top-bar__brand">
          <BrandMark />
          <ProductName />
        </div>
        <div className="top-bar__actions">
          <LanguageMenu />
          {actions}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="page">
        <Outlet />
      </main>
      <BottomNav items={items} />
      {children}
    </div>
  );
}
