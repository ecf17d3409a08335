/**
 * What the agent writes (machines/inbox-composer): text (Enter sends,
 * Shift+Enter is a new line), a file (image or video, uploaded with
 * progress, then sent), a canned reply, buttons or quick replies, a card
 * carousel, and ending the conversation. The machine checks and queues
 * each, and says which dialog is open; its refusals show under the box.
 */
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import type { inboxComposerMachine } from '../../../../machines/inbox-composer/inbox-composer.machine.ts';
import { newDeliverId } from '../../chat-shared/deliver-id.ts';
import { isSendKey, useFilePicker } from '../../chat-shared/file-picker.tsx';
import { MessageText } from '../../errors/message-text.tsx';
import { AlertIcon } from '../../ui/icons.tsx';
import { useRunningChild } from './inbox-context.ts';
import { AttachIcon, ButtonsIcon, CardsIcon, EndIcon, QuickTextIcon, SendIcon } from './inbox-icons.tsx';

// The dialogs (and Radix with them) load when the agent first opens one.
const CannedDialog = lazy(() => import('./CannedDialog.tsx'));
const ButtonsDialog = lazy(() => import('./ButtonsDialog.tsx'));
const CardsDialog = lazy(() => import('./CardsDialog.tsx'));
const EndDialog = lazy(() => import('./EndDialog.tsx'));

export type ComposerRef = ActorRefFrom<typeof inboxComposerMachine>;

export function Composer({ composer }: { composer: ComposerRef }) {
  const { t } = useLingui();
  const errorId = useId();
  const outbox = useRunningChild('outbox');
  const draft = useSelector(composer, (snapshot) => snapshot.context.draft);
  const error = useSelector(composer, (snapshot) => snapshot.context.composerError);
  const conversationId = useSelector(composer, (snapshot) => snapshot.context.conversationId);
  const cannedOpen = useSelector(composer, (snapshot) => snapshot.hasTag('dialog:canned'));
  const endOpen = useSelector(composer, (snapshot) => snapshot.hasTag('dialog:end'));
  const buttonsOpen = useSelector(composer, (snapshot) => snapshot.hasTag('dialog:buttons'));
  const cardsOpen = useSelector(composer, (snapshot) => snapshot.hasTag('dialog:cards'));
  const builder = useSelector(composer, (snapshot) => snapshot.children.builder);
  // One end per conversation at a time (the outbox's rule).
  const ending = useSelector(outbox, (snapshot) => snapshot.context.entries.some((entry) => entry.kind === 'end' && entry.conversationId === conversationId));
  const picker = useFilePicker((file) => composer.send({ type: 'media.pick', id: newDeliverId(), file }));

  const sendDraft = () => composer.send({ type: 'draft.send', id: newDeliverId() });
  const close = () => composer.send({ type: 'dialog.close' });
  const tool = (label: string, dialog: 'canned' | 'buttons' | 'cards', icon: ReactNode) => (
    <button type="button" className="icon-button" aria-label={label} title={label} onClick={() => composer.send({ type: 'dialog.open', dialog })}>
      {icon}
    </button>
  );

  return (
    <div className="composer">
      <div className="composer__tools" role="toolbar" aria-label={t`Reply tools`}>
        <button type="button" className="icon-button" aria-label={t`Attach an image or video`} title={t`Attach an image or video`} onClick={picker.open}>
          <AttachIcon size={22} />
        </button>
        {tool(t`Canned replies`, 'canned', <QuickTextIcon size={22} />)}
        {tool(t`Buttons or quick replies`, 'buttons', <ButtonsIcon size={22} />)}
        {tool(t`Cards`, 'cards', <CardsIcon size={22} />)}
        <button
          type="button"
          className="icon-button composer__end"
          aria-label={t`End the conversation`}
          title={t`End the conversation`}
          disabled={ending}
          onClick={() => composer.send({ type: 'dialog.open', dialog: 'end' })}
        >
          <EndIcon size={22} />
        </button>
        {picker.input}
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
          onChange={(event) => composer.send({ type: 'draft.change', text: event.target.value })}
          onKeyDown={(event) => {
            if (!isSendKey(event)) return;
            event.preventDefault();
            sendDraft();
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
        {cannedOpen && <CannedDialog onClose={close} onInsert={(text) => composer.send({ type: 'canned.insert', text })} />}
        {buttonsOpen && builder && <ButtonsDialog builder={builder} onClose={close} />}
        {cardsOpen && builder && <CardsDialog builder={builder} onClose={close} />}
        {endOpen && <EndDialog onClose={close} onEnd={() => composer.send({ type: 'conversation.end', id: newDeliverId() })} />}
      </Suspense>
    </div>
  );
}
