/**
 * The chat panel's frame (spec 2 chat widget): a real dialog (Radix: focus
 * moves in and comes back, Esc and the back gesture close it, the page
 * behind does not scroll), a full-screen sheet on phones that follows the
 * visual viewport, a corner panel on wider screens. Its header names it,
 * says whether support is online (the agents' presence from the socket)
 * and closes it. The body is the conversation, or what stands in for it,
 * drawn into it from outside (ChatWidget.tsx) so the machines outlive it.
 */
import { useRef, useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { Trans, useLingui } from '@lingui/react/macro';
import { CloseIcon } from '../ui/action-icons.tsx';
import { useVisualViewport } from './use-visual-viewport.ts';

interface ChatPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** How many agents are online; null until the socket has said. */
  agents: number | null;
  /**
   * Where the conversation draws itself (a portal target): the chat's
   * machines live outside the dialog, which is not there while it is closed.
   */
  bodyRef: (element: HTMLDivElement | null) => void;
}

export function ChatPanel({ open, onOpenChange, agents, bodyRef }: ChatPanelProps) {
  const { t } = useLingui();
  const [panel, setPanel] = useState<HTMLDivElement | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  useVisualViewport(panel);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="chat-overlay" />
        <Dialog.Content
          ref={setPanel}
          className="chat-panel"
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            // The text box takes focus where there is a keyboard (ChatComposer); a touch screen's would cover the history.
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
          // Radix returns focus only to a Dialog.Trigger; the chat opens from the launcher's plain button.
          onCloseAutoFocus={(event) => {
            if (returnFocus.current?.isConnected) {
              event.preventDefault();
              returnFocus.current.focus();
            }
          }}
        >
          <header className="chat-header">
            <div className="chat-header__titles">
              <Dialog.Title className="chat-header__title">
                <Trans>Chat with us</Trans>
              </Dialog.Title>
              {agents !== null && (
                <p className="chat-header__status">
                  <span className={`chat-header__dot${agents > 0 ? ' chat-header__dot--online' : ''}`} aria-hidden="true" />
                  {agents > 0 ? <Trans>Support is online</Trans> : <Trans>Support is away: leave a message and we will reply</Trans>}
                </p>
              )}
            </div>
            <Dialog.Close className="icon-button" aria-label={t`Close chat`}>
              <CloseIcon size={22} />
            </Dialog.Close>
          </header>
          <div className="chat-body" ref={bodyRef} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** While the chat starts (the member's profile, the config, a guest id, the first connect). */
export function ChatStarting() {
  return (
    <div className="chat-state" role="status" aria-live="polite">
      <div className="chat-spinner" aria-hidden="true" />
      <p>
        <Trans>Connecting to support…</Trans>
      </p>
    </div>
  );
}

/** spec 2: 'Cannot start chatting', why, and a retry. */
export function ChatCannotStart({ reason, onRetry }: { reason: ReactNode; onRetry: () => void }) {
  return (
    <div className="chat-state" role="alert">
      <p className="chat-state__title">
        <Trans>Cannot start chatting</Trans>
      </p>
      {reason && <p className="muted">{reason}</p>}
      <button type="button" className="button button--primary" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
