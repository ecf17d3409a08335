/**
 * Member area shell (spec 2): top bar with the product name, language and
 * logout; bottom menu with profile, conditions (a modal), statement, contact
 * and home.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useApi, useSession } from '../../app/use-app.ts';
import { BrandMark } from '../ui/BrandMark.tsx';
import { ChatIcon } from '../ui/icons.tsx';
import { useLoadedAndIdle } from '../ui/use-loaded-and-idle.ts';
import { ConditionsIcon, HomeIcon, LogoutIcon, ProfileIcon, StatementIcon } from '../ui/member-icons.tsx';
import { BottomNav } from './BottomNav.tsx';
import { ConnectivityProvider, OfflineBanner } from './Connectivity.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { ProductName } from './ProductName.tsx';

/** The service worker and its "new version" prompt (docs/decisions/0142-installable-app-and-its-worker.md): loaded once the shell has shown. */
const AppUpdate = lazy(() => import('../app-update/AppUpdate.tsx'));
/** The conditions modal (and Radix Dialog with it) loads on the first tap of its menu item, not with the home. */
const ConditionsDialog = lazy(() => import('./ConditionsDialog.tsx').then((module) => ({ default: module.ConditionsDialog })));

export function MemberShell() {
  const { t } = useLingui();
  const session = useSession();
  const signingOut = useSelector(session, (snapshot) => snapshot.hasTag('busy'));
  const [conditionsOpen, setConditionsOpen] = useState(false);
  const api = useApi();

  const idle = useLoadedAndIdle();
  // Mounted from the first opening on, so it can animate its closing.
  const [conditionsWanted, setConditionsWanted] = useState(false);
  if (conditionsOpen && !conditionsWanted) setConditionsWanted(true);

  // The member's own socket while the member area shows: the wallet's news (docs/decisions/0141-wallet-news.md), a chunk of its own.
  // It connects once the first screen has shown (socket.io-client is ~20 KB to run): the wallet read that screen makes is current.
  useEffect(() => {
    if (!idle) return;
    const started = import('../money/member-news.ts').then(({ startMemberNews }) => startMemberNews(api));
    return () => void started.then((stop) => stop());
  }, [api, idle]);

  return (
    <ConnectivityProvider>
      <div className="shell shell--member">
        <header className="top-bar">
          <div className="top-bar__brand">
            <BrandMark />
            <ProductName />
          </div>
          <div className="top-bar__actions">
            <LanguageMenu />
            <button
              type="button"
              className="icon-button"
              aria-label={t`Log out`}
              title={t`Log out`}
              disabled={signingOut}
              onClick={() => session.send({ type: 'session.signOut' })}
            >
              <LogoutIcon size={22} />
            </button>
          </div>
        </header>
        <OfflineBanner />
        <main id="main" tabIndex={-1} className="page">
          <Outlet />
        </main>
        <BottomNav
          items={[
            { kind: 'link', to: '/user/profile', label: <Trans>Profile</Trans>, icon: ProfileIcon },
            {
              kind: 'button',
              onClick: () => setConditionsOpen(true),
              expanded: conditionsOpen,
              label: <Trans>Conditions</Trans>,
              icon: ConditionsIcon,
            },
            {
              kind: 'link',
              to: '/user/statement',
              // A shorter word than the page title where five items share a phone's width.
              label: <Trans context="bottom menu">Statement</Trans>,
              icon: StatementIcon,
            },
            { kind: 'link', to: '/user/contact', label: <Trans>Contact</Trans>, icon: ChatIcon },
            { kind: 'link', to: '/user/home', label: <Trans>Home</Trans>, icon: HomeIcon },
          ]}
        />
        {conditionsWanted && (
          <Suspense fallback={null}>
            <ConditionsDialog open={conditionsOpen} onOpenChange={setConditionsOpen} />
          </Suspense>
        )}
        {idle && (
          <Suspense fallback={null}>
            <AppUpdate />
          </Suspense>
        )}
      </div>
    </ConnectivityProvider>
  );
}
