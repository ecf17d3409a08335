/**
 * /ops/chat: the inbox inside the console's shell, with the operator's API client
 * and socket, and whether they may edit canned replies (OpsArea.tsx asks
 * the server who they are). A socket refused for good ends the operator's
 * session (a token that no longer works) like an API call would.
 */
import { useLingui } from '@lingui/react/macro';
import { AgentInbox } from './inbox/AgentInbox.tsx';
import { chatSocket } from '../chat-shared/chat-socket.ts';
import type { AreaPageProps } from './console/area-page.ts';
import { mayEditCanned, opsApi, opsSession } from './ops-session.ts';
import { useDocumentTitle } from '../ui/use-document-title.ts';

// One factory for the page's life: the inbox reconnects with whatever token is current.
const connectSocket = chatSocket(opsSession.token);

/** The console's chat area (console/areas.ts). */
export default function ChatArea({ operator }: AreaPageProps) {
  return <OpsChatPage canEditCanned={mayEditCanned(operator)} />;
}

function OpsChatPage({ canEditCanned }: { canEditCanned: boolean | null }) {
  const { t } = useLingui();
  useDocumentTitle(t`Support inbox`);
  return (
    <AgentInbox
      api={opsApi}
      connectSocket={connectSocket}
      canEditCanned={canEditCanned}
      onRefused={(message) => {
        if (message === 'invalid-token') opsSession.end('invalid-token');
      }}
    />
  );
}
