/**
 * The chat widget (spec 2 chat widget), the one lazily
 * loaded module of the chat: the contact pages' launcher
 * (src/features/contact/ChatLauncher.tsx) imports it with the `chat`
 * catalogue once the widget is on. It runs the chat's machines and gives
 * them their I/O: machines/chat-connection (config, a guest's id, the socket
 * link over chat-shared/chat-socket.ts) and machines/chat-history (pages, read marks, and one
 * machines/chat-media actor per message sent), and passes the news of one
 * to the other. A member chats as themselves (the session's token, the
 * profile's id); a visitor as a guest. The machines outlive the panel:
 * closed, it keeps its socket and history until the page goes.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { i18n as globalI18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { chatConnectionActions, chatConnectionActors } from '../../../machines/chat-connection/chat-connection.actors.ts';
import { chatConnectionMachine } from '../../../machines/chat-connection/chat-connection.machine.ts';
import { socketLinkFor } from '../../../machines/socket-link/socket-link.machine.ts';
import { chatHistoryActors } from '../../../machines/chat-history/chat-history.actors.ts';
import { chatHistoryMachine } from '../../../machines/chat-history/chat-history.machine.ts';
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

/** The connection (machines/chat-connection) for one customer, and what the panel shows of it. */
function ChatSession({ userId, body, open, onAgents }: ChatParts & { userId: string | null }) {
  const api = useApi();
  const connection = useActorRef(
    chatConnectionMachine.provide({
      actors: {
        ...chatConnectionActors(api),
        // The session's token as the client reads it, at every (re)connect.
        socketLink: socketLinkFor(chatSocket(() => api.deps.getToken())),
      },
      actions: chatConnectionActions(api),
    }),
    { input: { userId } },
  );
  const guestId = useSelector(connection, (snapshot) => snapshot.context.guestId);
  const failure = useSelector(connection, (snapshot) => snapshot.context.failure);
  const cannotStart = useSelector(connection, (snapshot) => snapshot.hasTag('cannotStart'));
  const starting = useSelector(connection, (snapshot) => snapshot.hasTag('starting'));
  const ready = useSelector(connection, (snapshot) => snapshot.hasTag('ready'));

  // Support's presence shows while the room is joined (the socket tells it on connect and on change).
  const [agents, setAgents] = useState<number | null>(null);
  useEffect(() => {
    const subscription = connection.on('chat.presence', ({ agents: count }) => setAgents(count));
    return () => subscription.unsubscribe();
  }, [connection]);
  useEffect(() => onAgents(ready ? agents : null), [ready, agents, onAgents]);

  const identity = userId ?? guestId;
  if (cannotStart || starting || identity === null) {
    return (
      <InPanel body={body}>
        {cannotStart ? (
          <ChatCannotStart reason={<MessageText message={failure ?? ''} />} onRetry={() => connection.send({ type: 'chat.retry' })} />
        ) : (
          <ChatStarting />
        )}
      </InPanel>
    );
  }
  // A new guest id (after a refused one) is a new conversation: a new history.
  return <ChatRoom key={identity} connection={connection} userId={userId} guestId={userId === null ? guestId : null} body={body} open={open} />;
}

type ConnectionRef = ReturnType<typeof useActorRef<typeof chatConnectionMachine>>;

interface ChatRoomProps {
  connection: ConnectionRef;
  userId: string | null;
  guestId: string | null;
  body: HTMLElement | null;
  open: boolean;
}

/** The history (machines/chat-history) of one conversation, fed by the connection, and the panel's body that shows it. */
function ChatRoom({ connection, userId, guestId, body, open }: ChatRoomProps) {
  const api = useApi();
  const history: ChatHistoryRef = useActorRef(chatHistoryMachine.provide({ actors: chatHistoryActors(api) }), {
    input: { userId, guestId, visible: open && pageVisible(), online: connection.getSnapshot().hasTag('ready') },
  });
  const reconnecting = useSelector(connection, (snapshot) => snapshot.hasTag('reconnecting'));
  const connecting = useSelector(connection, (snapshot) => snapshot.hasTag('connecting'));
  // The first connect usually takes a moment: say so only when it takes longer.
  const slowToConnect = useAfter(connecting, NOTICE_AFTER_MS);
  const alert = useAlerts(history);

  // The connection's news, handed to the history; a conversation the server ended, handed back.
  useEffect(() => {
    const subscriptions = [
      connection.on('chat.message', ({ message }) => history.send({ type: 'history.received', message })),
      connection.on('chat.typing', ({ typing, sender }) => history.send({ type: 'history.typing', typing, sender })),
      connection.on('chat.ready', () => history.send({ type: 'history.online' })),
      connection.on('chat.lost', () => history.send({ type: 'history.offline' })),
      history.on('conversation.ended', ({ message }) => connection.send({ type: 'chat.ended', message })),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [connection, history]);

  // Read marks go only while the customer can see the panel (spec 7: debounced 1 s, by the machine).
  useEffect(() => {
    const tell = () => history.send({ type: 'history.visible', visible: open && pageVisible() });
    tell();
    document.addEventListener('visibilitychange', tell);
    return () => document.removeEventListener('visibilitychange', tell);
  }, [history, open]);

  const send = (item: OutgoingItem) => sendItem(history, item);
  const replies: ChatReplies = {
    sendText: (text) => send({ kind: 'text', text }),
    sendPostback: (title, payload) => send({ kind: 'postback', title, payload }),
  };

  return (
    <InPanel body={body}>
      {(reconnecting || slowToConnect) && <ConnectionNotice />}
      <p className="visually-hidden" role="alert">
        {alert}
      </p>
      <ChatLog history={history} replies={replies} />
      <ChatComposer
        onSendText={replies.sendText}
        onAttach={(file) => send({ kind: 'file', file })}
        onTyping={(typing) => connection.send({ type: 'chat.typing', typing })}
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

/** How long the first connect may take before the panel says it is connecting. */
const NOTICE_AFTER_MS = 1500;

/** True once `on` has held for `ms`; false again as soon as it stops. */
function useAfter(on: boolean, ms: number): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    setHeld(false);
    if (!on) return;
    const timer = setTimeout(() => setHeld(true), ms);
    return () => clearTimeout(timer);
  }, [on, ms]);
  return on && held;
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
