/**
 * What /ops/<page> shows: the ops shell around the login or the inbox, once
 * the `ops` catalogue (lingui.config.ts) is there. The route loads it
 * lazily, so that it and everything it imports are chunks the entry does
 * not even list: nothing of the operators' pages reaches a member's download. A later operator console
 * adds its pages here, or brings its own shell around inbox/AgentInbox.tsx.
 */
import { Suspense, use } from 'react';
import { Navigate, useParams } from '@tanstack/react-router';
import { loadCatalogue } from '../../i18n/locale.ts';
import { OpsChatPage } from './OpsChatPage.tsx';
import { OpsLoginPage } from './OpsLoginPage.tsx';
import { OpsShell } from './OpsShell.tsx';
import { mayEditCanned, operatorOf, useOpsToken } from './ops-session.ts';

/** The pages under /ops, by their address. */
export type OpsPage = 'login' | 'chat';

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
  const splat = useParams({ strict: false, select: (params) => (params as { _splat?: string })._splat ?? '' });
  const token = useOpsToken();
  const page: OpsPage | null = splat === 'login' || splat === 'chat' ? splat : null;

  // No operator token: the login; a token on the login page (or an unknown page): the inbox.
  if (token === null && page !== 'login') return <Navigate to="/ops/$" params={{ _splat: 'login' }} replace />;
  if (token !== null && page !== 'chat') return <Navigate to="/ops/$" params={{ _splat: 'chat' }} replace />;
  return (
    <OpsShell>
      {token === null ? (
        <OpsLoginPage />
      ) : (
        <Suspense fallback={null}>
          <OpsChat token={token} />
        </Suspense>
      )}
    </OpsShell>
  );
}

/**
 * The inbox once the server said who the operator is: the inbox reads the
 * role once, when it starts, and shows canned reply editing to an admin only.
 */
function OpsChat({ token }: { token: string }) {
  const operator = use(operatorOf(token));
  return <OpsChatPage canEditCanned={mayEditCanned(operator)} />;
}
