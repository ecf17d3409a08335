/**
 * A real dialog (docs/product/ui.md, spec 2 scroll lock): Radix moves focus in and back,
 * traps it, closes on Esc, and stops the page behind from scrolling. A body taller
 * than the screen scrolls, and is then a tab stop, so it scrolls from the keyboard
 * even when nothing in it can take focus (WCAG 2.1.1).
 * Only lazily loaded chunks import this file, so Radix stays out of the entry.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useLingui } from '@lingui/react/macro';
import { CloseIcon } from './action-icons.tsx';

interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Short text read with the title; omit when the body speaks for itself. */
  description?: ReactNode;
  children: ReactNode;
  /** role="alertdialog" for results the member must acknowledge. */
  alert?: boolean;
  /** Hide the corner close button (alert dialogs close with their own button). */
  hideClose?: boolean;
  size?: 'normal' | 'wide';
  /** Called when Esc or an outside click asks to close; return false to refuse. */
  canClose?: () => boolean;
  /** Shown above the title (alert dialogs: success or error mark). */
  icon?: ReactNode;
}

export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  alert,
  hideClose,
  size = 'normal',
  canClose,
  icon,
}: ModalProps) {
  const { t } = useLingui();
  const contentRef = useRef<HTMLDivElement>(null);
  const scrolls = useScrolls(open);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  // Focus the first field (or the alert's button) rather than the corner close button.
  const focusFirstControl = (event: Event) => {
    returnFocusRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = contentRef.current?.querySelector<HTMLElement>(
      '.modal__body input:not([type=hidden]), .modal__body select, .modal__body textarea, .modal__body button',
    );
    if (first) {
      event.preventDefault();
      first.focus();
    }
  };
  // Radix returns focus only to a Dialog.Trigger; our dialogs open from plain buttons.
  const returnFocus = (event: Event) => {
    const previous = returnFocusRef.current;
    if (previous?.isConnected) {
      event.preventDefault();
      previous.focus();
    }
  };
  const refuse = (event: Event) => {
    if (canClose && !canClose()) event.preventDefault();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={`modal__overlay${alert ? ' modal__overlay--alert' : ''}`} />
        <Dialog.Content
          className={`modal modal--${size}${alert ? ' modal--alert' : ''}`}
          ref={contentRef}
          role={alert ? 'alertdialog' : 'dialog'}
          onOpenAutoFocus={focusFirstControl}
          onCloseAutoFocus={returnFocus}
          // Without a description Radix wants aria-describedby explicitly unset.
          {...(description ? {} : { 'aria-describedby': undefined })}
          onEscapeKeyDown={refuse}
          onPointerDownOutside={(event) => (alert ? event.preventDefault() : refuse(event))}
          onInteractOutside={(event) => (alert ? event.preventDefault() : refuse(event))}
        >
          {icon}
          <div className="modal__header">
            <Dialog.Title className="modal__title">{title}</Dialog.Title>
            {!hideClose && (
              <Dialog.Close className="icon-button" aria-label={t`Close`}>
                <CloseIcon size={22} />
              </Dialog.Close>
            )}
          </div>
          {description ? (
            <Dialog.Description className="modal__description">{description}</Dialog.Description>
          ) : null}
          <div className="modal__body" ref={scrolls.ref} tabIndex={scrolls.now ? 0 : undefined}>
            {children}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Whether the body scrolls now: read again when it or anything in it changes size or content. */
function useScrolls(open: boolean): { ref: (element: HTMLDivElement | null) => void; now: boolean } {
  const [body, setBody] = useState<HTMLDivElement | null>(null);
  const [now, setNow] = useState(false);
  const ref = useCallback((element: HTMLDivElement | null) => setBody(element), []);
  useEffect(() => {
    if (!open || !body || typeof ResizeObserver === 'undefined') return;
    const check = () => setNow(body.scrollHeight > body.clientHeight + 1);
    const resized = new ResizeObserver(check);
    const watchChildren = () => {
      resized.disconnect();
      resized.observe(body);
      for (const child of body.children) resized.observe(child);
      check();
    };
    const changed = new MutationObserver(watchChildren);
    changed.observe(body, { childList: true, subtree: true, characterData: true });
    watchChildren();
    return () => {
      changed.disconnect();
      resized.disconnect();
    };
  }, [open, body]);
  return { ref, now };
}
