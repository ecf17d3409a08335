/**
 * What the agent writes: text (Enter sends, Shift+Enter is a new line), a
 * file (image or video, uploaded with progress, then sent), a canned reply,
 * buttons or quick replies, a card carousel, and ending the conversation.
 * The machine checks and queues each; its refusals show under the box.
 */
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ChatMessageBody } from '../../../contract/chat.ts';
import { CHAT_FILE_ACCEPT } from '../../../contract/rules/chat.ts';
import { newDeliverId } from '../../chat-shared/deliver-id.ts';
import { MessageText } from '../../errors/message-text.tsx';
import { AlertIcon } from '../../ui/icons.tsx';
import { useInbox } from './inbox-context.ts';
import { AttachIcon, ButtonsIcon, CardsIcon, EndIcon, QuickTextIcon, SendIcon } from './inbox-icons.tsx';

// The dialogs (and Radix with them) load when the agent first opens one.
const CannedDialog = lazy(() => import('./CannedDialog.tsx'));
const ButtonsDialog = lazy(() => import('./ButtonsDialog.tsx'));
const CardsDialog = lazy(() => import('./CardsDialog.tsx'));
const EndDialog = lazy(() => import('./EndDialog.tsx'));

type Dialog = 'canned' | 'buttons' | 'cards' | 'end' | null;

export function Composer() {
  const { t } = useLingui();
  const inbox = useInbox();
  const errorId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const draft = useSelector(inbox, (snapshot) => snapshot.context.draft);
  const error = useSelector(inbox, (snapshot) => snapshot.context.composerError);
  const ended = useSelector(inbox, (snapshot) =>
    snapshot.context.outbox.some((item) => item.step === 'end' && item.conversationId === snapshot.context.selectedId),
  );

  const sendDraft = () => inbox.send({ type: 'draft.send', id: newDeliverId() });
  const sendBuilt = (message: ChatMessageBody) => {
    inbox.send({ type: 'reply.send', message });
    setDialog(null);
  };
  const insertText = (text: string) => {
    inbox.send({ type: 'draft.change', text: draft.trim() ? `${draft.trimEnd()}\n${text}` : text });
    setDialog(null);
  };

  return (
    <div className="composer">
      <div className="composer__tools" role="toolbar" aria-label={t`Reply tools`}>
        <button type="button" className="icon-button" aria-label={t`Attach an image or video`} title={t`Attach an image or video`} onClick={() => fileInput.current?.click()}>
          <AttachIcon size={22} />
        </button>
        <button type="button" className="icon-button" aria-label={t`Canned replies`} title={t`Canned replies`} onClick={() => setDialog('canned')}>
          <QuickTextIcon size={22} />
        </button>
        <button type="button" className="icon-button" aria-label={t`Buttons or quick replies`} title={t`Buttons or quick replies`} onClick={() => setDialog('buttons')}>
          <ButtonsIcon size={22} />
        </button>
        <button type="button" className="icon-button" aria-label={t`Cards`} title={t`Cards`} onClick={() => setDialog('cards')}>
          <CardsIcon size={22} />
        </button>
        <button
          type="button"
          className="icon-button composer__end"
          aria-label={t`End the conversation`}
          title={t`End the conversation`}
          disabled={ended}
          onClick={() => setDialog('end')}
        >
          <EndIcon size={22} />
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={CHAT_FILE_ACCEPT}
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = ''; // the same file may be picked again
            if (file) inbox.send({ type: 'media.pick', id: newDeliverId(), file });
          }}
        />
      </div>
      <form
        className="composer__form"
        onSubmit={(event) => {
          event.preventDefault();
          sendDraft();
        }}
      >
        <label className="visually-hidden" htmlFor={`${errorId}-text`}>
          <Trans>Reply</Trans>
        </label>
        <textarea
          id={`${errorId}-text`}
          className="field__input composer__text"
          rows={1}
          placeholder={t`Write a reply`}
          value={draft}
          // Only a refused text is this box's fault; a refused file is told under it too.
          aria-invalid={error === 'CHAT_TEXT_INVALID' || undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => inbox.send({ type: 'draft.change', text: event.target.value })}
          onKeyDown={(event) => {
            // Enter sends; Shift+Enter (and the composition of Thai or Lao input methods) writes on.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              sendDraft();
            }
          }}
        />
        <button type="submit" className="button button--primary composer__send" aria-label={t`Send`} disabled={draft.trim() === ''}>
          <SendIcon size={22} />
        </button>
      </form>
      {error && (
        <p id={errorId} className="form-error small" role="alert">
          <AlertIcon size={18} />
          <span>
            <MessageText message={error} />
          </span>
        </p>
      )}
      <Suspense fallback={null}>
        {dialog === 'canned' && <CannedDialog onClose={() => setDialog(null)} onInsert={insertText} />}
        {dialog === 'buttons' && <ButtonsDialog onClose={() => setDialog(null)} onSend={sendBuilt} />}
        {dialog === 'cards' && <CardsDialog onClose={() => setDialog(null)} onSend={sendBuilt} />}
        {dialog === 'end' && (
          <EndDialog
            onClose={() => setDialog(null)}
            onEnd={() => {
              inbox.send({ type: 'conversation.end', id: newDeliverId() });
              setDialog(null);
            }}
          />
        )}
      </Suspense>
    </div>
  );
}
