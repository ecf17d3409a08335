/**
 * The operators' shell under /ops, thin on purpose: a top bar (the product,
 * "Console", language, logout) around the page. Which page, and the way in
 * (no operator token: the login), is OpsArea.tsx's; the console's
 * navigation is console/ConsoleLayout.tsx's.
 */
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ProductName } from '../shell/ProductName.tsx';
import { BrandMark } from '../ui/BrandMark.tsx';
import { LogoutIcon } from '../ui/member-icons.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';
import { logOutOperator, useOpsToken } from './ops-session.ts';
import './ops.css';

export function OpsShell({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const token = useOpsToken();

  return (
    <div className="shell ops-shell">
      <header className="top-bar">
        <div className="top-bar__brand">
          <BrandMark />
          <ProductName />
          <span className="ops-shell__area">
            <Trans>Console</Trans>
          </span>
        </div>
        <div className="top-bar__actions">
          <LanguageSelect />
          {token !== null && (
            <button type="button" className="icon-button" aria-label={t`Log out`} title={t`Log out`} onClick={() => void logOutOperator()}>
              <LogoutIcon size={22} />
            </button>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className="ops-shell__page">
        {children}
      </main>
    </div>
  );
}
