/**
 * Change-password modal (spec 2 Profile, spec 5), driven by
 * changePasswordMachine: old, new and confirm; an inline line for
 * 'password-not-equal'; the result in an alert dialog (spec 8).
 * Mounted only while open, so every opening starts a fresh machine.
 */
import { useEffect, useId, useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { changePasswordActors } from '../../../machines/change-password/change-password.actors.ts';
import { changePasswordMachine } from '../../../machines/change-password/change-password.machine.ts';
import { useApi } from '../../app/use-app.ts';
import { MessageText } from '../errors/message-text.tsx';
import { Field } from '../ui/Field.tsx';
import { Modal } from '../ui/Modal.tsx';
import { AlertIcon, CheckIcon } from '../ui/icons.tsx';
import { ErrorLine, Form, useMachineField } from '../ui/Form.tsx';

const INLINE_ERROR = 'password-not-equal';

export default function ChangePasswordDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const api = useApi();
  const errorId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  const machine = useActorRef(
    changePasswordMachine.provide({
      actors: changePasswordActors(api),
      actions: {
        closeModal: () => closeRef.current(),
      },
    }),
  );

  const oldPassword = useMachineField(machine, 'oldPassword');
  const newPassword = useMachineField(machine, 'newPassword');
  const confirmPassword = useMachineField(machine, 'confirmPassword');
  const error = useSelector(machine, (snapshot) => snapshot.context.error);
  const submitting = useSelector(machine, (snapshot) => snapshot.hasTag('submitting'));
  const succeeded = useSelector(machine, (snapshot) => snapshot.hasTag('succeeded'));
  const failed = useSelector(machine, (snapshot) => snapshot.hasTag('failed'));
  const closed = useSelector(machine, (snapshot) => snapshot.hasTag('closed'));

  // The machine closes through closeModal; the tag is a second, idempotent path.
  useEffect(() => {
    if (closed) closeRef.current();
  }, [closed]);

  const inlineError = error === INLINE_ERROR;

  return (
    <>
      <Modal
        open={!closed}
        onOpenChange={(open) => {
          if (!open) machine.send({ type: 'password.cancel' });
        }}
        canClose={() => !submitting}
        title={<Trans>Change password</Trans>}
      >
        <Form busy={submitting} onSubmit={() => machine.send({ type: 'password.submit' })}>
          <Field
            label={<Trans>Current password</Trans>}
            type="password"
            name="oldPassword"
            autoComplete="current-password"
            required
            {...oldPassword}
          />
          <Field
            label={<Trans>New password</Trans>}
            type="password"
            name="newPassword"
            autoComplete="new-password"
            required
            {...newPassword}
            errorId={errorId}
            invalid={inlineError}
          />
          <Field
            label={<Trans>Confirm new password</Trans>}
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            {...confirmPassword}
            errorId={errorId}
            invalid={inlineError}
          />
          <ErrorLine id={errorId}>{inlineError && <MessageText message={INLINE_ERROR} />}</ErrorLine>
          <div className="button-row">
            <button
              type="button"
              className="button button--secondary"
              disabled={submitting}
              onClick={() => machine.send({ type: 'password.cancel' })}
            >
              <Trans>Cancel</Trans>
            </button>
            <button type="submit" className="button button--primary button--grow" disabled={submitting}>
              {submitting ? <Trans>Saving…</Trans> : <Trans>Save</Trans>}
            </button>
          </div>
        </Form>
      </Modal>

      <Modal
        open={succeeded || failed}
        onOpenChange={(open) => {
          if (!open) machine.send({ type: 'result.dismiss' });
        }}
        alert
        hideClose
        title={succeeded ? <Trans>Password changed</Trans> : <Trans>Password not changed</Trans>}
        icon={
          <div className={`result-icon ${succeeded ? 'result-icon--success' : 'result-icon--error'}`} aria-hidden="true">
            {succeeded ? <CheckIcon size={32} /> : <AlertIcon size={32} />}
          </div>
        }
        description={
          succeeded
            ? t`Your new password is saved. Use it the next time you log in.`
            : <MessageText message={error ?? 'INTERNAL_SERVER_ERROR'} />
        }
      >
        <button
          type="button"
          className="button button--primary button--block"
          onClick={() => machine.send({ type: 'result.dismiss' })}
        >
          <Trans>OK</Trans>
        </button>
      </Modal>
    </>
  );
}
