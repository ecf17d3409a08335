/**
 * One conversation: who the customer is (the panel: name, phone, holdings,
 * last deposits), the history with older pages on scrolling up, the
 * customer typing, and the composer. On phones a back button returns to
 * the list.
 */
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { MessageText } from '../../errors/message-text.tsx';
import { BackIcon } from '../../ui/action-icons.tsx';
import { Composer } from './Composer.tsx';
import { CustomerPanel } from './CustomerPanel.tsx';
import { useInbox, useInboxChild, useRunningChild } from './inbox-context.ts';
import { customerName } from './InboxList.tsx';
import { InboxProblem } from './InboxProblem.tsx';
import { MessageList } from './MessageList.tsx';

export function ConversationView() {
  const { t } = useLingui();
  const inbox = useInbox();
  const conversationRef = useRunningChild('conversation');
  const list = useRunningChild('list');
  const panel = useSelector(conversationRef, (snapshot) => snapshot.context.panel);
  const row = useSelector(list, (snapshot) => snapshot.context.conversations.find((conversation) => conversation.id === snapshot.context.selectedId));
  const skeleton = useSelector(conversationRef, (snapshot) => snapshot.hasTag('conversation:skeleton'));
  const failed = useSelector(conversationRef, (snapshot) => snapshot.hasTag('conversation:failed'));
  const open = useSelector(conversationRef, (snapshot) => snapshot.hasTag('conversation:open'));
  const error = useSelector(conversationRef, (snapshot) => snapshot.context.conversationError);
  const memberTyping = useSelector(conversationRef, (snapshot) => snapshot.context.memberTyping);
  // The composer starts once the conversation is open (its room known).
  const composer = useInboxChild('composer');
  const conversation = panel?.conversation ?? row;
  const name = conversation ? customerName(conversation, t`Guest`) : '';

  return (
    <div className="conversation">
      <header className="conversation__head">
        <button type="button" className="icon-button conversation__back" aria-label={t`Back to the conversations`} onClick={() => inbox.send({ type: 'conversation.close' })}>
          <BackIcon size={22} />
        </button>
        <div className="conversation__who">
          <h2 className="conversation__name">{name}</h2>
          {conversation && (
            <p className="small muted">
              {conversation.kind === 'guest' ? <Trans>Guest (not logged in)</Trans> : conversation.phone}
              {conversation.closed && (
                <>
                  {' · '}
                  <Trans>Ended</Trans>
                </>
              )}
            </p>
          )}
        </div>
      </header>

      {failed ? (
        <InboxProblem className="conversation__problem" onRetry={() => conversationRef.send({ type: 'conversation.retry' })}>
          {error && <MessageText message={error} />}
        </InboxProblem>
      ) : !open ? (
        skeleton ? <ConversationSkeleton /> : <div className="conversation__body" aria-busy="true" />
      ) : (
        // The panel comes first for screen readers and phones (above); wide screens put it beside.
        <div className="conversation__layout">
          <CustomerPanel />
          <div className="conversation__main">
            <MessageList />
            <p className="conversation__typing small muted" aria-live="polite">
              {memberTyping && <Trans>The customer is typing…</Trans>}
            </p>
            {composer && <Composer composer={composer} />}
          </div>
        </div>
      )}
    </div>
  );
}

function ConversationSkeleton() {
  return (
    <div className="conversation__body" aria-hidden="true">
      <div className="customer-panel">
        <span className="skeleton skeleton--title" />
        <span className="skeleton skeleton--line skeleton--short" />
      </div>
      <div className="messages">
        {[0, 1, 2].map((index) => (
          <span key={index} className={`skeleton skeleton--line bubble-skeleton${index % 2 ? ' bubble-skeleton--agent' : ''}`} />
        ))}
      </div>
    </div>
  );
}
