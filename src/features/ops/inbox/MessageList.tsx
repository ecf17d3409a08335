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
import type { ChatMessage, ChatMessageBody } from '../../../contract/chat.ts';
import type { OutboxEntry } from '../../../../machines/inbox-outbox/inbox-outbox.types.ts';
import { messageDate, messageTime } from '../../chat-shared/chat-time.ts';
import { timeline } from '../../chat-shared/timeline.ts';
import { useOutgoing, type ChatMediaRef, type Outgoing } from '../../chat-shared/use-outgoing.ts';
import { MessageText } from '../../errors/message-text.tsx';
import { useInbox, useRunningChild } from './inbox-context.ts';
import { RetryIcon, TrashIcon } from './inbox-icons.tsx';
import { MessageBody } from './MessageBody.tsx';

/** Scrolled this close to the top, the previous page is read. */
const NEAR_TOP_PX = 48;

export function MessageList() {
  const inbox = useInbox();
  const conversation = useRunningChild('conversation');
  const outbox = useRunningChild('outbox');
  const messages = useSelector(conversation, (snapshot) => snapshot.context.messages);
  const conversationId = useSelector(conversation, (snapshot) => snapshot.context.id);
  const entries = useSelector(outbox, (snapshot) => snapshot.context.entries);
  const historyEnd = useSelector(conversation, (snapshot) => snapshot.context.historyEnd);
  const historyError = useSelector(conversation, (snapshot) => snapshot.context.historyError);
  const loadingOlder = useSelector(conversation, (snapshot) => snapshot.hasTag('history:older'));
  const customerReadAt = useSelector(conversation, (snapshot) => snapshot.context.customerReadAt);
  const ended = useSelector(inbox, (snapshot) => snapshot.context.ended.includes(conversationId));
  const pending = entries.filter((entry) => entry.conversationId === conversationId);

  const scroller = useRef<HTMLDivElement>(null);
  const last = useRef({ first: '', last: '', pending: 0, height: 0 });
  /** Where the view was at its last scroll, to tell the agent's scrolling up from anything else. */
  const lastTop = useRef(0);
  /** The machine follows new messages (the widget's auto-scroll rule). */
  const following = () => conversation.getSnapshot().hasTag('view:following');

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
        conversation.send({ type: 'history.scrolled', distanceFromBottom, towardsTop });
        if (element.scrollTop < NEAR_TOP_PX && !historyEnd && !loadingOlder && !historyError) conversation.send({ type: 'history.older' });
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
            <button type="button" className="button button--ghost" disabled={loadingOlder} onClick={() => conversation.send({ type: 'history.older' })}>
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
      {pending.map((entry) => (
        <PendingBubble key={entry.id} entry={entry} />
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

/** What a reply shows before the server has it: the message itself, or the file's name until it is uploaded (then the upload's own link). */
function pendingBody(entry: Extract<OutboxEntry, { kind: 'message' }>, uploaded: Outgoing['uploaded']): ChatMessageBody | string {
  const deliver = { id: entry.id, status: 'sending' as const };
  const { item } = entry;
  switch (item.kind) {
    case 'text':
      return { message_type: 'text', payload: { text: item.text.trim() }, deliver };
    case 'message':
      return item.message;
    case 'postback':
      return { message_type: 'postback', payload: { title: item.title, payload: item.payload }, deliver };
    case 'file':
      return uploaded ? { message_type: 'media', payload: { message: '', url: true, fileType: uploaded.fileType, filePath: uploaded.url }, deliver } : item.file.name;
  }
}

function PendingBubble({ entry }: { entry: OutboxEntry }) {
  const outbox = useRunningChild('outbox');
  // A reply's machine (machines/chat-media), once its turn came.
  const item = useSelector(outbox, (snapshot) => snapshot.children[entry.id] as ChatMediaRef | undefined);
  const { progress, uploaded, uploading } = useOutgoing(item);
  const failed = entry.status === 'failed';
  const file = entry.kind === 'message' && entry.item.kind === 'file' ? entry.item.file : null;
  const uploadStep = file !== null && uploaded === null;
  const body = entry.kind === 'message' ? pendingBody(entry, uploaded) : null;
  const percent = uploading ? progress : 0;
  return (
    <div className={`bubble bubble--agent bubble--pending${failed ? ' bubble--failed' : ''}`}>
      {body === null ? (
        <p className="bubble__text">
          <Trans>Ending the conversation</Trans>
        </p>
      ) : typeof body === 'string' ? (
        <p className="bubble__text">{body}</p>
      ) : (
        <MessageBody body={body} />
      )}
      {failed ? (
        <div className="bubble__failure">
          <p className="small">{entry.error && <MessageText message={entry.error} />}</p>
          <div className="button-row">
            <button type="button" className="icon-text-button" onClick={() => outbox.send({ type: 'outbox.retry', id: entry.id })}>
              <RetryIcon size={18} />
              <Trans>Retry</Trans>
            </button>
            <button type="button" className="icon-text-button" onClick={() => outbox.send({ type: 'outbox.discard', id: entry.id })}>
              <TrashIcon size={18} />
              <Trans>Discard</Trans>
            </button>
          </div>
        </div>
      ) : uploadStep ? (
        <div className="bubble__progress">
          <progress max={100} value={percent} aria-label={file.name} />
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
