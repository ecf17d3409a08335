/**
 * The open conversation's history, oldest at the top: a day separator
 * where the day changes, a marker where an agent ended the conversation
 * (its session changes), the customer's postbacks as highlighted events,
 * "seen" under the agent's last message the customer has read, and what
 * the agent sent that is not stored yet (sending, uploading with progress,
 * failed with retry and discard). Scrolling to the top reads the previous
 * page and keeps the view where it was; a new message scrolls into view
 * when the agent is near the bottom (spec 9: within 60 px).
 */
import { Fragment, useLayoutEffect, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { CHAT_AUTO_SCROLL_PX, type ChatMessage } from '../../../contract/chat.ts';
import type { OutboxItem } from '../../../../machines/agent-inbox/agent-inbox.types.ts';
import { MessageText } from '../../errors/message-text.tsx';
import { useInbox } from './inbox-context.ts';
import { RetryIcon, TrashIcon } from './inbox-icons.tsx';
import { bubbleTime, dayOf } from './inbox-time.ts';
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
  const last = useRef({ first: '', last: '', pending: 0, height: 0, nearBottom: true });

  // Where to be after the history changed: the bottom at first and when following, the same message after older ones came on top.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = last.current;
    const first = messages[0]?._id ?? '';
    const newest = messages.at(-1)?._id ?? '';
    if (before.first === '' || (before.nearBottom && (newest !== before.last || pending.length > before.pending))) {
      element.scrollTop = element.scrollHeight;
    } else if (first !== before.first && newest === before.last) {
      element.scrollTop += element.scrollHeight - before.height;
    } else if (pending.length > before.pending) {
      element.scrollTop = element.scrollHeight; // the agent's own reply
    }
    last.current = { first, last: newest, pending: pending.length, height: element.scrollHeight, nearBottom: isNearBottom(element) };
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
        last.current.nearBottom = isNearBottom(element);
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
      {messages.map((message, index) => {
        const previous = messages[index - 1];
        const day = dayOf(message.createdAt);
        return (
          <Fragment key={message._id}>
            {(!previous || dayOf(previous.createdAt) !== day) && <p className="messages__separator">{day}</p>}
            {previous && previous.session_id !== message.session_id && message.sender !== 'system' && (
              <p className="messages__separator">
                <Trans>New conversation</Trans>
              </p>
            )}
            <Bubble message={message} seen={message._id === lastAgentRead} />
          </Fragment>
        );
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

function isNearBottom(element: HTMLElement): boolean {
  return element.scrollHeight - element.scrollTop - element.clientHeight <= CHAT_AUTO_SCROLL_PX;
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
          {bubbleTime(message.createdAt)}
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
        <time dateTime={message.createdAt}>{bubbleTime(message.createdAt)}</time>
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
