/**
 * The chat widget (spec 2 chat widget), the one lazily
 * loaded module of the chat: the contact pages' launcher
 * (src/features/contact/ChatLauncher.tsx) imports it with the `chat`
 * catalogue once the widget is on. It runs machines/chat-widget with its
 * I/O (chat-widget.actors.ts: the connection's config, guest id and socket
 * link over chat-shared/chat-socket.ts; the history's pages, read marks and
 * one machines/chat-media actor per message sent), draws its state and the
 * history child's, and tells it what the customer does and whether the
 * panel is seen. A member chats as themselves (the session's token, the
 * profile's id); a visitor as a guest. The machines outlive the panel:
 * closed, it keeps its socket and history until the page goes.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { i18n as globalI18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { chatWidgetActors } from '../../../machines/chat-widget/chat-widget.actors.ts';
import { chatWidgetMachine } from '../../../machines/chat-widget/chat-widget.machine.ts';
import type { OutgoingItem } from '../../../machines/chat-media/chat-media.types.ts';
import { CHAT_ALERT_MS } from '../../contract/chat.ts';
import { useApi } from '../../app/use-app.ts';
import { newDeliverId } from '../chat-shared/deliver-id.ts';
import { loadMessageText, MessageText } from '../errors/message-text.tsx';
import { showErrorToast } from '../ui/toast.ts';
import { useRead } from '../ui/use-read.ts';
import type { ChatAudience } from '../chat-shared/chat-audience.ts';
import { chatSocket } from '../chat-shared/chat-socket.ts';
import { ChatComposer } from './ChatComposer.tsx';
import { ChatLog, type ChatHistoryRef } from './ChatLog.tsx';
import { ChatCannotStart, ChatPanel, ChatStarting } from './ChatPanel.tsx';
import type { ChatReplies } from './MessageContent.tsx';
import { chatAlertText } from './chat-alerts.ts';
import './chat.css';

export interface ChatWidgetProps {
  audience: ChatAudience;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * One dialog for the widget's whole life; the parts below hold the machines
 * and draw into its body through a portal, so closing the panel (which
 * removes the dialog's content) stops nothing.
 */
export function ChatWidget({ audience, open, onOpenChange }: ChatWidgetProps) {
  const [body, setBody] = useState<HTMLDivElement | null>(null);
  const [agents, setAgents] = useState<number | null>(null);
  const parts: ChatParts = { body, open, onAgents: setAgents };
  return (
    <>
      <ChatPanel open={open} onOpenChange={onOpenChange} agents={agents} bodyRef={setBody} />
      {audience === 'member' ? <MemberChat {...parts} /> : <ChatSession userId={null} {...parts} />}
    </>
  );
}

interface ChatParts {
  /** The panel's body while it is open; null while it is closed. */
  body: HTMLElement | null;
  open: boolean;
  onAgents: (agents: number | null) => void;
}

/** Draws into the panel's body while it is open. */
function InPanel({ body, children }: { body: HTMLElement | null; children: ReactNode }) {
  return body ? createPortal(children, body) : null;
}

/** A member chats under their own id (GET /api/account/profile `_id`). */
function MemberChat(parts: ChatParts) {
  const profile = useRead('profileGet');
  const userId = profile.data?.profile._id;
  if (userId) return <ChatSession userId={userId} {...parts} />;
  return (
    <InPanel body={parts.body}>
      {profile.failed ? <ChatCannotStart reason={<MessageText message={profile.failure ?? ''} />} onRetry={profile.retry} /> : <ChatStarting />}
    </InPanel>
  );
}

/** The chat (machines/chat-widget: the connection, and the history of the conversation) for one customer, and what the panel shows of it. */
function ChatSession({ userId, body, open, onAgents }: ChatParts & { userId: string | null }) {
  const api = useApi();
  const widget = useActorRef(
    chatWidgetMachine.provide({
      // The session's token as the client reads it, at every (re)connect.
      actors: chatWidgetActors(api, chatSocket(() => api.deps.getToken())),
      actions: { logFailure: (_, { message }) => console.warn(`chat: a part broke and starts again (${message})`) },
    }),
    { input: { userId, visible: open && pageVisible() } },
  );
  const history = useSelector(widget, (snapshot) => snapshot.children.history);
  const failure = useSelector(widget, (snapshot) => snapshot.context.failure);
  const cannotStart = useSelector(widget, (snapshot) => snapshot.hasTag('cannotStart'));
  const notice = useSelector(widget, (snapshot) => snapshot.hasTag('connectionNotice'));
  // Support's presence shows while the room is joined.
  const agents = useSelector(widget, (snapshot) => snapshot.context.agents);
  useEffect(() => onAgents(agents), [agents, onAgents]);

  // Read marks go only while the customer can see the panel (spec 7: debounced 1 s, by the history).
  useEffect(() => {
    const tell = () => widget.send({ type: 'widget.visible', visible: open && pageVisible() });
    tell();
    document.addEventListener('visibilitychange', tell);
    return () => document.removeEventListener('visibilitychange', tell);
  }, [widget, open]);

  if (!history) {
    return (
      <InPanel body={body}>
        {cannotStart ? (
          <ChatCannotStart reason={<MessageText message={failure ?? ''} />} onRetry={() => widget.send({ type: 'chat.retry' })} />
        ) : (
          <ChatStarting />
        )}
      </InPanel>
    );
  }
  // Each conversation its own history (a new guest after a refused one is a new conversation).
  return (
    <ChatRoom key={history.sessionId} history={history} notice={notice} onTyping={(typing) => widget.send({ type: 'chat.typing', typing })} body={body} />
  );
}

interface ChatRoomProps {
  history: ChatHistoryRef;
  /** Say the chat is connecting (machines/chat-widget's tag). */
  notice: boolean;
  onTyping: (typing: boolean) => void;
  body: HTMLElement | null;
}

/** The panel's body for one conversation: its history (machines/chat-history) and the composer. */
function ChatRoom({ history, notice, onTyping, body }: ChatRoomProps) {
  const alert = useAlerts(history);
  const send = (item: OutgoingItem) => sendItem(history, item);
  const replies: ChatReplies = {
    sendText: (text) => send({ kind: 'text', text }),
    sendPostback: (title, payload) => send({ kind: 'postback', title, payload }),
  };

  return (
    <InPanel body={body}>
      {notice && <ConnectionNotice />}
      <p className="visually-hidden" role="alert">
        {alert}
      </p>
      <ChatLog history={history} replies={replies} />
      <ChatComposer
        onSendText={replies.sendText}
        onAttach={(file) => send({ kind: 'file', file })}
        onTyping={onTyping}
        autoFocus={typeof window.matchMedia === 'function' && window.matchMedia('(pointer: fine)').matches}
      />
    </InPanel>
  );
}

function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState !== 'hidden';
}

/** A message under a new deliver id (spec 3 deliver.id: the same on every resend, so the server stores it once). */
function sendItem(history: ChatHistoryRef, item: OutgoingItem) {
  history.send({ type: 'history.send', deliverId: newDeliverId(), item });
}

/** While the socket is not in the room: what is written waits and goes once connected. */
function ConnectionNotice() {
  const { t } = useLingui();
  return (
    <p className="chat-notice" role="status">
      {t`Connecting… Messages you write now are sent once the chat is connected.`}
    </p>
  );
}

/**
 * spec 8: the chat's alerts (a file too large or not supported) as toasts of
 * 4 s (CHAT_ALERT_MS, the app's toast length). The dialog hides the page's
 * toasts from screen readers, so the text is also said inside the panel.
 */
function useAlerts(history: ChatHistoryRef): string {
  const [said, setSaid] = useState('');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = history.on('alert', (alert) => {
      void chatAlertText(globalI18n, alert, loadMessageText).then((text) => {
        showErrorToast(text, `chat-alert-${alert.message}`);
        setSaid(text);
        clearTimeout(timer);
        timer = setTimeout(() => setSaid(''), CHAT_ALERT_MS);
      });
    });
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
    };
  }, [history]);
  return said;
}
