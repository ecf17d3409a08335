/**
 * One conversation: who the customer is (the panel: name, phone, holdings,
 * last deposits), the history with older pages on scrolling up, the
 * customer typing, and the composer. On phones a back button returns to
 * the list.
 */
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { MessageText } from '../../errors/message-text.tsx';
import { AlertIcon, BackIcon } from '../../ui/icons.tsx';
import { Composer } from './Composer.tsx';
import { CustomerPanel } from './CustomerPanel.tsx';
import { useInbox } from './inbox-context.ts';
import { customerName } from './InboxList.tsx';
import { MessageList } from './MessageList.tsx';

export function ConversationView() {
  const { t } = useLingui();
  const inbox = useInbox();
  const panel = useSelector(inbox, (snapshot) => snapshot.context.panel);
  const row = useSelector(inbox, (snapshot) => snapshot.context.conversations.find((conversation) => conversation.id === snapshot.context.selectedId));
  const skeleton = useSelector(inbox, (snapshot) => snapshot.hasTag('conversation:skeleton'));
  const failed = useSelector(inbox, (snapshot) => snapshot.hasTag('conversation:failed'));
  const open = useSelector(inbox, (snapshot) => snapshot.hasTag('conversation:open'));
  const error = useSelector(inbox, (snapshot) => snapshot.context.conversationError);
  const memberTyping = useSelector(inbox, (snapshot) => snapshot.context.memberTyping);
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
        <div className="conversation__problem" role="alert">
          <p className="form-error">
            <AlertIcon size={20} />
            <span>{error && <MessageText message={error} />}</span>
          </p>
          <button type="button" className="button button--secondary" onClick={() => inbox.send({ type: 'conversation.retry' })}>
            <Trans>Try again</Trans>
          </button>
        </div>
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
            <Composer />
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
