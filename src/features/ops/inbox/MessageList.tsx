/**
 * The open conversation's history, oldest at the top: a day separator
 * where the day changes and a marker where an agent ended the conversation
 * (its session changes), by the widget's rule (src/features/chat-shared/timeline.ts),
 * the customer's postbacks as highlighted events, "seen" under the agent's
 * last message the customer has read, and what the agent sent that is not
 * stored yet (sending, uploading with progress, failed with retry and
 * discard). Scrolling to the top reads the previous page and keeps the view
 * where it was; a new message scrolls into view while the machine says the
 * view follows (the widget's rule, spec 9: within 60 px of the bottom,
 * machines/chat-history/auto-scroll.ts).
 */
import { useLayoutEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import type { ChatMessage } from '../../../contract/chat.ts';
import type { OutboxItem } from '../../../../machines/agent-inbox/agent-inbox.types.ts';
import { messageDate, messageTime } from '../../chat-shared/chat-time.ts';
import { timeline } from '../../chat-shared/timeline.ts';
import { MessageText } from '../../errors/message-text.tsx';
import { useInbox } from './inbox-context.ts';
import { RetryIcon, TrashIcon } from './inbox-icons.tsx';
import { MessageBody } from './MessageBody.tsx';

/** Scrolled this close to the top, the previous page is read. */
const NEAR_TOP_PX = 48;

export function MessageList() {
  const inbox = useInbox();
  const messages = useSelector(inbox, (snapshot) => snapshot.context.messages);
  const selectedId = useSelector(inbox, (snapshot) => snapshot.context.selectedId);
  const outbox = useSelector(inbox, (snapshot) => snapshot.context.outbox);
  const historyEnd = useSelector(inbox, (snapshot) => snapshot.context.historyEnd);
  const historyError = useSelector(inbox, (snapshot) => snapshot.context.historyError);
  const loadingOlder = useSelector(inbox, (snapshot) => snapshot.hasTag('history:older'));
  const customerReadAt = useSelector(inbox, (snapshot) => snapshot.context.customerReadAt);
  const ended = useSelector(inbox, (snapshot) => snapshot.context.selectedId !== null && snapshot.context.ended.includes(snapshot.context.selectedId));
  const pending = outbox.filter((item) => item.conversationId === selectedId);

  const scroller = useRef<HTMLDivElement>(null);
  const last = useRef({ first: '', last: '', pending: 0, height: 0 });
  /** Where the view was at its last scroll, to tell the agent's scrolling up from anything else. */
  const lastTop = useRef(0);
  /** The machine follows new messages (the widget's auto-scroll rule). */
  const following = () => inbox.getSnapshot().hasTag('view:following');

  // Where to be after the history changed: the bottom at first and when following, the same message after older ones came on top.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = last.current;
    const first = messages[0]?._id ?? '';
    const newest = messages.at(-1)?._id ?? '';
    if (before.first === '' || (following() && (newest !== before.last || pending.length > before.pending))) {
      element.scrollTop = element.scrollHeight;
    } else if (first !== before.first && newest === before.last) {
      element.scrollTop += element.scrollHeight - before.height;
    } else if (pending.length > before.pending) {
      element.scrollTop = element.scrollHeight; // the agent's own reply: the scroll it makes tells the machine to follow again
    }
    lastTop.current = element.scrollTop;
    last.current = { first, last: newest, pending: pending.length, height: element.scrollHeight };
  }, [messages, pending.length]);

  const lastAgentRead = lastReadAgentMessage(messages, customerReadAt);

  return (
    <div
      className="messages"
      ref={scroller}
      role="log"
      tabIndex={0}
      onScroll={(event) => {
        const element = event.currentTarget;
        const towardsTop = element.scrollTop < lastTop.current - 1;
        lastTop.current = element.scrollTop;
        const distanceFromBottom = Math.max(0, element.scrollHeight - element.scrollTop - element.clientHeight);
        inbox.send({ type: 'history.scrolled', distanceFromBottom, towardsTop });
        if (element.scrollTop < NEAR_TOP_PX && !historyEnd && !loadingOlder && !historyError) inbox.send({ type: 'history.older' });
      }}
    >
      <div className="messages__top">
        {historyEnd ? (
          <p className="small muted">
            <Trans>The conversation starts here.</Trans>
          </p>
        ) : (
          <>
            {historyError && (
              <p className="form-error small">
                <MessageText message={historyError} />
              </p>
            )}
            <button type="button" className="button button--ghost" disabled={loadingOlder} onClick={() => inbox.send({ type: 'history.older' })}>
              {loadingOlder ? <Trans>Loading…</Trans> : <Trans>Show older messages</Trans>}
            </button>
          </>
        )}
      </div>
      {timeline(messages).map((entry) => {
        if (entry.kind === 'day') {
          return (
            <p key={entry.key} className="messages__separator">
              {messageDate(entry.iso)}
            </p>
          );
        }
        if (entry.kind === 'end') {
          return (
            <p key={entry.key} className="messages__separator">
              <Trans>New conversation</Trans>
            </p>
          );
        }
        return <Bubble key={entry.key} message={entry.message} seen={entry.message._id === lastAgentRead} />;
      })}
      {ended && (
        <p className="system-event">
          <Trans>You ended this conversation. The customer's next message starts a new one.</Trans>
        </p>
      )}
      {pending.map((item) => (
        <PendingBubble key={item.id} item={item} />
      ))}
    </div>
  );
}

/** The agent's newest message the customer has read (socket 'read'): "seen" goes under it. */
function lastReadAgentMessage(messages: readonly ChatMessage[], readAt: string | null): string | null {
  if (!readAt) return null;
  const read = Date.parse(readAt);
  const seen = messages.filter((message) => message.sender === 'agent' && Date.parse(message.createdAt) <= read);
  return seen.at(-1)?._id ?? null;
}

function Bubble({ message, seen }: { message: ChatMessage; seen: boolean }) {
  if (message.sender === 'system') {
    return (
      <div className="system-event">
        <MessageBody body={message.message} />
        <time className="small muted" dateTime={message.createdAt}>
          {messageTime(message.createdAt)}
        </time>
      </div>
    );
  }
  // A postback is the customer pressing a button: an event in the conversation, not words.
  const postback = message.message.message_type === 'postback';
  return (
    <div className={`bubble bubble--${message.sender}${postback ? ' bubble--postback' : ''}`}>
      <MessageBody body={message.message} />
      <p className="bubble__meta small">
        <time dateTime={message.createdAt}>{messageTime(message.createdAt)}</time>
        {seen && (
          <>
            {' · '}
            <Trans>Seen</Trans>
          </>
        )}
      </p>
    </div>
  );
}

function PendingBubble({ item }: { item: OutboxItem }) {
  const inbox = useInbox();
  const failed = item.status === 'failed';
  const percent = Math.round(item.progress * 100);
  return (
    <div className={`bubble bubble--agent bubble--pending${failed ? ' bubble--failed' : ''}`}>
      {item.step === 'end' ? (
        <p className="bubble__text">
          <Trans>Ending the conversation</Trans>
        </p>
      ) : item.message ? (
        <MessageBody body={item.previewUrl && item.message.message_type === 'media' ? { ...item.message, payload: { ...item.message.payload, filePath: item.previewUrl, url: true } } : item.message} />
      ) : (
        <p className="bubble__text">{item.file?.name}</p>
      )}
      {failed ? (
        <div className="bubble__failure">
          <p className="small">{item.error && <MessageText message={item.error} />}</p>
          <div className="button-row">
            <button type="button" className="icon-text-button" onClick={() => inbox.send({ type: 'outbox.retry', id: item.id })}>
              <RetryIcon size={18} />
              <Trans>Retry</Trans>
            </button>
            <button type="button" className="icon-text-button" onClick={() => inbox.send({ type: 'outbox.discard', id: item.id })}>
              <TrashIcon size={18} />
              <Trans>Discard</Trans>
            </button>
          </div>
        </div>
      ) : item.step === 'upload' ? (
        <div className="bubble__progress">
          <progress max={1} value={item.progress} aria-label={item.file?.name} />
          <span className="small">
            <Trans>Uploading {percent}%</Trans>
          </span>
        </div>
      ) : (
        <p className="bubble__meta small">
          <Trans>Sending…</Trans>
        </p>
      )}
    </div>
  );
}
