/**
 * The conversation (spec 2 chat widget, spec 9 chat constants), drawn from
 * machines/chat-history: a log region with day separators and end markers,
 * older pages of 10 as the customer scrolls to the top (what they were
 * reading stays in place when a page goes on top), the view following new
 * messages while within 60 px of its bottom and a "new messages" pill
 * otherwise, the messages being sent (one chat-media actor each), the quick
 * replies of the last message, and whether support is typing. The machine
 * owns the auto-scroll rule: this view tells it where the customer scrolled,
 * and goes to the bottom when it says so (`scroll.bottom`) or, while it
 * follows (tag 'following'), when the content grows.
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { chatHistoryMachine } from '../../../machines/chat-history/chat-history.machine.ts';
import type { ChatMessage } from '../../contract/chat.ts';
import { chatDay, messageDateTime, messageTime } from '../chat-shared/chat-time.ts';
import { openQuickReplies, timeline } from '../chat-shared/timeline.ts';
import { MessageText } from '../errors/message-text.tsx';
import { ArrowDownIcon } from '../chat-shared/chat-icons.tsx';
import { MessageContent, QuickReplies, type ChatReplies } from './MessageContent.tsx';
import { OutgoingItem, type ChatMediaRef } from './OutgoingItem.tsx';
import { useBackOnline } from '../ui/use-back-online.ts';

export type ChatHistoryRef = ActorRefFrom<typeof chatHistoryMachine>;

/** The older page is asked for this close to the top, so it is usually there before the top is reached. */
const TOP_PX = 80;

interface ChatLogProps {
  history: ChatHistoryRef;
  replies: ChatReplies;
}

export function ChatLog({ history, replies }: ChatLogProps) {
  const { t } = useLingui();
  const log = useRef<HTMLDivElement>(null);
  const messages = useSelector(history, (snapshot) => snapshot.context.messages);
  const session = useSelector(history, (snapshot) => snapshot.context.session);
  const outgoing = useSelector(history, (snapshot) => snapshot.context.outgoing);
  const unseen = useSelector(history, (snapshot) => snapshot.context.unseen);
  const failure = useSelector(history, (snapshot) => snapshot.context.failure);
  // Waiting for the network (tag 'offline') shows as loading: no answer is not a failure (docs/decisions/0146-reads-that-wait.md).
  const loading = useSelector(history, (snapshot) => snapshot.hasTag('loading') || snapshot.hasTag('offline'));
  const failed = useSelector(history, (snapshot) => snapshot.hasTag('failed'));
  const loadingOlder = useSelector(history, (snapshot) => snapshot.hasTag('loadingOlder'));
  const startReached = useSelector(history, (snapshot) => snapshot.hasTag('startReached'));
  const supportTyping = useSelector(history, (snapshot) => snapshot.hasTag('supportTyping'));
  const canLoadOlder = !loading && !failed && !loadingOlder && !startReached;
  // In the member area: a newest page that waits is read again when the shell's connection is back.
  useBackOnline(() => history.send({ type: 'read.online' }));
  const items = useSelector(
    history,
    (snapshot) => snapshot.context.outgoing.map((id) => snapshot.children[id] as ChatMediaRef | undefined).filter((item) => item !== undefined),
    sameItems,
  );

  const distanceNow = () => {
    const view = log.current;
    return view ? Math.max(0, view.scrollHeight - view.scrollTop - view.clientHeight) : 0;
  };
  /** The machine follows new messages: what grows below the customer (a picture that finished loading) keeps them at the bottom. */
  const following = () => history.getSnapshot().hasTag('following');
  /** Where the view was at its last scroll, to tell the customer's scrolling up from anything else. */
  const lastTop = useRef(0);
  const scrollToBottom = () => {
    const view = log.current;
    if (!view) return;
    view.scrollTop = view.scrollHeight;
    lastTop.current = view.scrollTop;
  };

  // The machine says when to go to the bottom: the first page, a new message while it follows, the customer's own, "new messages".
  const wantBottom = useRef(true);
  useEffect(() => {
    const subscription = history.on('scroll.bottom', () => {
      wantBottom.current = true;
      requestAnimationFrame(() => {
        if (!wantBottom.current) return;
        wantBottom.current = false;
        scrollToBottom();
      });
    });
    return () => subscription.unsubscribe();
  }, [history]);

  // The panel opened: at the newest message, following from there.
  useEffect(() => history.send({ type: 'history.follow' }), [history]);

  // Older messages went on top: keep what the customer reads where it was (the log has no scroll anchoring of its own).
  const before = useRef<{ first: string | null; height: number; top: number }>({ first: null, height: 0, top: 0 });
  useLayoutEffect(() => {
    const view = log.current;
    if (!view) return;
    const first = messages[0]?._id ?? null;
    const previous = before.current;
    if (wantBottom.current) {
      wantBottom.current = false;
      scrollToBottom();
    } else if (previous.first !== null && first !== previous.first && messages.some((message) => message._id === previous.first)) {
      view.scrollTop = previous.top + (view.scrollHeight - previous.height);
    } else if (following()) {
      scrollToBottom();
    }
    lastTop.current = view.scrollTop;
    before.current = { first, height: view.scrollHeight, top: view.scrollTop };
  }, [messages, outgoing]);

  // Content that grows by itself (a picture that finished loading) keeps a following view at the bottom.
  const content = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const grown = content.current;
    if (!grown || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (following()) scrollToBottom();
    });
    observer.observe(grown);
    return () => observer.disconnect();
  }, []);

  // A first page shorter than the view cannot be scrolled to its top: ask for the older one at once.
  useEffect(() => {
    const view = log.current;
    if (view && canLoadOlder && view.scrollHeight <= view.clientHeight + TOP_PX) history.send({ type: 'history.top' });
  }, [canLoadOlder, messages, history]);

  const frame = useRef(0);
  const onScroll = () => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      const view = log.current;
      if (!view) return;
      const towardsTop = view.scrollTop < lastTop.current - 1;
      lastTop.current = view.scrollTop;
      before.current = { ...before.current, height: view.scrollHeight, top: view.scrollTop };
      history.send({ type: 'history.scrolled', distanceFromBottom: distanceNow(), towardsTop });
      if (view.scrollTop <= TOP_PX && canLoadOlder) history.send({ type: 'history.top' });
    });
  };
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const quick = openQuickReplies(messages, outgoing.length > 0);
  return (
    <div className="chat-log-wrap">
      <div className="chat-log" ref={log} onScroll={onScroll} tabIndex={0} role="log" aria-live="polite" aria-relevant="additions" aria-label={t`Conversation`}>
        <div ref={content}>
          <div className="chat-log__edge">
            {loadingOlder || loading ? (
              <div className="skeleton" role="status" aria-label={t`Loading earlier messages…`} />
            ) : failed ? (
              <div className="stack center">
                <p role="alert" className="error-text">
                  <MessageText message={failure ?? ''} />
                </p>
                <button type="button" className="button button--secondary" onClick={() => history.send({ type: 'history.retry' })}>
                  <Trans>Try again</Trans>
                </button>
              </div>
            ) : startReached && messages.length === 0 && items.length === 0 ? (
              <Trans>Write to us here: our support team will answer in this chat.</Trans>
            ) : startReached ? (
              <Trans>This is the start of your conversation.</Trans>
            ) : null}
          </div>
          <ol className="chat-log__list">
            {timeline(messages, session).map((entry) => {
              if (entry.kind === 'day') return <DaySeparator key={entry.key} iso={entry.iso} />;
              if (entry.kind === 'end') {
                return (
                  <li key={entry.key} className="chat-separator chat-separator--end">
                    <Trans>Conversation ended</Trans>
                  </li>
                );
              }
              return (
                <li key={entry.key}>
                  <Message message={entry.message} replies={replies} />
                </li>
              );
            })}
            {items.map((item) => (
              <li key={item.id}>
                <OutgoingItem item={item} />
              </li>
            ))}
          </ol>
          {quick && quick.message.message_type === 'quick_replies' && <QuickReplies buttons={quick.message.payloads} replies={replies} />}
        </div>
      </div>
      {unseen > 0 && (
        <button type="button" className="chat-new-messages" onClick={() => history.send({ type: 'history.follow' })}>
          <ArrowDownIcon size={18} />
          <Trans>New messages</Trans>
        </button>
      )}
      <p className="chat-typing" aria-live="polite">
        {supportTyping ? <Trans>Support is typing…</Trans> : null}
      </p>
    </div>
  );
}

const sameItems = (a: readonly ChatMediaRef[], b: readonly ChatMediaRef[]) => a.length === b.length && a.every((item, index) => item === b[index]);

function DaySeparator({ iso }: { iso: string }) {
  const day = chatDay(iso);
  return (
    <li className="chat-separator">
      {day.kind === 'today' ? <Trans>Today</Trans> : day.kind === 'yesterday' ? <Trans>Yesterday</Trans> : day.text}
    </li>
  );
}

/** One message in its bubble, with who wrote it (for a screen reader) and when. */
function Message({ message, replies }: { message: ChatMessage; replies: ChatReplies }) {
  const { t } = useLingui();
  const who = message.sender === 'customer' ? t`You` : message.sender === 'agent' ? t`Support` : t`System`;
  const wide = message.message.message_type === 'generic';
  return (
    <div className={`chat-item chat-item--${message.sender}`}>
      <span className="visually-hidden">{who}:</span>
      <div className={`chat-bubble${wide ? ' chat-bubble--wide' : ''}`}>
        <MessageContent body={message.message} replies={replies} />
      </div>
      <time className="chat-meta" dateTime={message.createdAt} title={messageDateTime(message.createdAt)}>
        {messageTime(message.createdAt)}
      </time>
    </div>
  );
}
