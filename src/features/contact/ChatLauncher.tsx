/**
 * The chat widget's floating button on the contact pages (spec 2 chat
 * widget): shown only when the enableChatWidget lookup says so and a chat
 * backend answers its config (spec 7: the socket is set up only if a chat
 * backend setting exists). The widget itself (its views, socket.io-client,
 * its machines and the `chat` catalogue) is one chunk loaded when the button
 * shows, so the contact page carries this file only and /login nothing
 * (budget 120 KB gzip, docs/decisions/0013-login-budget-120-kb.md). This file is
 * the `chat` catalogue's `loadedBy` in lingui.config.ts.
 */
import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { loadCatalogue } from '../../i18n/locale.ts';
import type { ChatAudience } from '../chat-shared/chat-audience.ts';
import { NETWORK_ERROR_MESSAGE } from '../errors/message-text.tsx';
import { ChatIcon } from '../ui/icons.tsx';
import { showErrorToast } from '../ui/toast.ts';
import { useRead } from '../ui/use-read.ts';
import './chat-launcher.css';

// The contact page names who chats with the launcher's word for it.
export type { ChatAudience };

type WidgetModule = typeof import('../chat/ChatWidget.tsx');

let widgetLoading: Promise<WidgetModule> | null = null;
/** The widget's module and its texts, together and once (a failed fetch tries again on the next open). */
function loadWidget(): Promise<WidgetModule> {
  widgetLoading ??= Promise.all([import('../chat/ChatWidget.tsx'), loadCatalogue('chat')]).then(
    ([module]) => module,
    (error: unknown) => {
      widgetLoading = null;
      throw error;
    },
  );
  return widgetLoading;
}

export function ChatLauncher({ audience }: { audience: ChatAudience }) {
  const enabled = useRead('lookupEnableChatWidget');
  return enabled.data?.enableChatWidget ? <ChatWhenConfigured audience={audience} /> : null;
}

function ChatWhenConfigured({ audience }: { audience: ChatAudience }) {
  const config = useRead('chatConfig');
  const prefix = config.data?.PREFIX ?? '';
  return prefix ? <ChatButtonAndPanel audience={audience} /> : null;
}

function ChatButtonAndPanel({ audience }: { audience: ChatAudience }) {
  const { t, i18n } = useLingui();
  const [widget, setWidget] = useState<WidgetModule | null>(null);
  const [open, setOpen] = useState(false);
  // Opened once, the widget stays mounted (its socket too) until the page goes.
  const [started, setStarted] = useState(false);
  // Each press on the button while the chunk is missing asks for it again.
  const [attempt, setAttempt] = useState(0);

  // Fetch the chunk as soon as the button shows, so that the panel opens at once.
  useEffect(() => {
    let current = true;
    loadWidget().then(
      (module) => current && setWidget(module),
      () => {
        // Offline: say so only when the member asked for the panel.
        if (current && attempt > 0) {
          setOpen(false);
          setStarted(false);
          showErrorToast(i18n._(NETWORK_ERROR_MESSAGE), 'chat-load');
        }
      },
    );
    return () => {
      current = false;
    };
  }, [attempt, i18n]);

  const Widget = widget?.ChatWidget;
  const waiting = open && !Widget;
  return (
    <>
      {/* Room at the page's end, so that its last lines can scroll clear of the floating button. */}
      <div className="chat-launcher-space" aria-hidden="true" />
      {/* Stays while the panel is open: focus comes back to it when the panel closes. */}
      <button
        type="button"
        className="chat-launcher"
        aria-label={t`Open chat`}
        aria-haspopup="dialog"
        aria-expanded={open && !waiting}
        aria-busy={waiting || undefined}
        disabled={waiting}
        onClick={() => {
          setOpen(true);
          setStarted(true);
          if (!widget) setAttempt((count) => count + 1);
        }}
      >
        <ChatIcon size={28} />
      </button>
      {Widget && started && <Widget audience={audience} open={open} onOpenChange={setOpen} />}
    </>
  );
}
