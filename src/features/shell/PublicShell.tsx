/**
 * Public area shell (spec 2): top bar with the product name and language, the
 * page, and the bottom menu with login, register, how-to and contact.
 */
import { useEffect } from 'react';
import { Outlet, useLocation } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { useSession } from '../../app/use-app.ts';
import { ChatIcon, LoginIcon, PlayIcon, RegisterIcon } from '../ui/icons.tsx';
import { BottomNav, type NavItem } from './BottomNav.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { ProductName } from './ProductName.tsx';
import { BrandMark } from '../ui/BrandMark.tsx';

const ITEMS: NavItem[] = [
  { kind: 'link', to: '/login', label: <Trans>Log in</Trans>, icon: LoginIcon },
  { kind: 'link', to: '/register', label: <Trans>Register</Trans>, icon: RegisterIcon },
  { kind: 'link', to: '/howto', label: <Trans>How to</Trans>, icon: PlayIcon },
  { kind: 'link', to: '/contact', label: <Trans>Contact</Trans>, icon: ChatIcon },
];

export function PublicShell() {
  const session = useSession();
  const pathname = useLocation({ select: (location) => location.pathname });

  // spec 2: every start of the public area clears stored login data if a token exists.
  useEffect(() => {
    session.send({ type: 'session.publicStart' });
  }, [session]);

  // spec 2 route guard: on /login, ask the server whether the service is still active.
  const onLogin = pathname === '/login';
  useEffect(() => {
    if (onLogin) session.send({ type: 'service.check' });
  }, [session, onLogin]);

  return (
    <div className="shell shell--public">
      <header className="top-bar">
        <div className="top-bar__brand">
          <BrandMark />
          <ProductName />
        </div>
        <div className="top-bar__actions">
          <LanguageMenu />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="page">
        <Outlet />
      </main>
      <BottomNav items={ITEMS} />
    </div>
  );
}
