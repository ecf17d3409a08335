/**
 * What /ops/<area>/<…> shows (docs/decisions/0125-operator-console.md): the
 * login, or the console around the area the address names, once the `ops`
 * catalogue (lingui.config.ts) is there. The route loads this lazily, so
 * that it and everything it imports are chunks the entry does not even
 * list: nothing of the operators' pages reaches a member's download; each
 * area's page is a chunk of its own again (console/areas.ts).
 */
import { Suspense, use, useLayoutEffect, useState } from 'react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { loadCatalogue } from '../../i18n/locale.ts';
import { areasOf, AREAS } from './console/areas.ts';
import { ConsoleLayout } from './console/ConsoleLayout.tsx';
import { OpsLoginPage } from './OpsLoginPage.tsx';
import { OpsShell } from './OpsShell.tsx';
import { forgetOperator, operatorOf, useOpsToken } from './ops-session.ts';

let catalogue: Promise<void> | null = null;
/** Asked once; a failure (offline) is asked again at the next render. */
function opsCatalogue(): Promise<void> {
  catalogue ??= loadCatalogue('ops').catch((error: unknown) => {
    catalogue = null;
    throw error;
  });
  return catalogue;
}

export default function OpsArea() {
  return (
    <Suspense fallback={null}>
      <OpsPages />
    </Suspense>
  );
}

function OpsPages() {
  use(opsCatalogue());
  // /ops/<area>/<…>: the route is the splat /ops/$, so everything after /ops/.
  const pathname = useLocation({ select: (location) => location.pathname });
  const [, first = '', ...rest] = pathname.split('/').filter(Boolean);
  const token = useOpsToken();

  // No operator token: the login, whatever was asked; a token on the login page: the console.
  if (token === null) {
    if (first !== 'login') return <GoTo area="login" />;
    return (
      <OpsShell>
        <OpsLoginPage />
      </OpsShell>
    );
  }
  return (
    <OpsShell>
      <Suspense fallback={null}>
        <Console token={token} areaId={first} path={rest} />
      </Suspense>
    </OpsShell>
  );
}

/** The console once the server said who the operator is: the areas of their role, the one asked for open. */
function Console({ token, areaId, path }: { token: string; areaId: string; path: string[] }) {
  const [, setAttempt] = useState(0);
  const operator = use(operatorOf(token));
  if (operator === null) {
    return (
      <NoAnswer
        onRetry={() => {
          forgetOperator();
          setAttempt((attempt) => attempt + 1);
        }}
      />
    );
  }

  const mine = areasOf(operator);
  const area = mine.find((candidate) => candidate.id === areaId);
  // The login, the bare /ops or an address of no area: the first area of the role.
  if (!area && !AREAS.some((candidate) => candidate.id === areaId)) {
    return <GoTo area={mine[0]?.id ?? ''} />;
  }
  return (
    <ConsoleLayout operator={operator} areas={mine} current={areaId}>
      {area ? (
        <Suspense fallback={<p className="ops-page__loading muted" role="status"><Trans>Loading…</Trans></p>}>
          <area.page operator={operator} path={path} />
        </Suspense>
      ) : (
        // A link from an operator of another role: say so rather than move elsewhere unasked.
        <div className="ops-page">
          <p className="card" role="alert">
            <Trans>This page is not part of your role. Ask an admin if you need it.</Trans>
          </p>
        </div>
      )}
    </ConsoleLayout>
  );
}

/**
 * Replaces the address with /ops/<area>. The router's <Navigate> does the same,
 * but nothing of the member app uses it, and the vendor chunk every page loads
 * would carry it (docs/decisions/0013-login-budget-120-kb.md).
 */
function GoTo({ area }: { area: string }) {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    void navigate({ to: '/ops/$', params: { _splat: area }, replace: true });
  }, [navigate, area]);
  return null;
}

/** Who the operator is could not be asked (offline): say so, and ask again on demand. */
function NoAnswer({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="ops-page">
      <div className="card stack" role="alert">
        <p>
          <Trans>The server did not answer. Check the connection and try again.</Trans>
        </p>
        <button type="button" className="button button--primary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      </div>
    </div>
  );
}
