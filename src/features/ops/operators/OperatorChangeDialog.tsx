/**
 * Disable or reset, over machines/operator-change: the dialog says what
 * will happen to whom and asks once; a refusal (OPERATOR_SELF, …) shows in
 * words and may be confirmed again; a reset then shows the new sign-in
 * details once, forgotten when the dialog closes.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Trans } from '@lingui/react/macro';
import { operatorChangeActors } from '../../../../machines/operator-change/operator-change.actors.ts';
import { operatorChangeMachine } from '../../../../machines/operator-change/operator-change.machine.ts';
import type { OperatorChangeInput } from '../../../../machines/operator-change/operator-change.types.ts';
import { MessageText } from '../../errors/message-text.tsx';
import { ErrorLine } from '../../ui/Form.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { showSuccessToast } from '../../ui/toast.ts';
import { opsApi } from '../ops-session.ts';
import { EnrolmentView } from './EnrolmentView.tsx';

export function OperatorChangeDialog({
  change,
  onClose,
  onChanged,
  disabledText,
}: {
  change: OperatorChangeInput;
  onClose: () => void;
  onChanged: () => void;
  /** The toast after a disable, in the operator's language. */
  disabledText: string;
}) {
  const machine = useActorRef(
    operatorChangeMachine.provide({
      actors: operatorChangeActors(opsApi),
      actions: {
        changed: () => {
          onChanged();
          if (change.change === 'disable') {
            showSuccessToast(disabledText);
            onClose();
          }
        },
      },
    }),
    { input: change },
  );
  const busy = useSelector(machine, (snapshot) => snapshot.hasTag('busy'));
  const enrolled = useSelector(machine, (snapshot) => snapshot.context.enrolled);
  const error = useSelector(machine, (snapshot) => snapshot.context.error);
  const close = () => {
    machine.send({ type: 'enrolment.done' });
    onClose();
  };
  const { name, phone } = change;

  return (
    <Modal
      open
      onOpenChange={(open) => !open && close()}
      canClose={() => !busy}
      title={
        enrolled ? (
          <Trans>New sign-in for {name}</Trans>
        ) : change.change === 'reset' ? (
          <Trans>Reset {name}'s sign-in?</Trans>
        ) : (
          <Trans>Disable {name}?</Trans>
        )
      }
    >
      {enrolled ? (
        <EnrolmentView enrolled={enrolled} onDone={close} />
      ) : (
        <div className="stack">
          <p>
            {change.change === 'reset' ? (
              <Trans>
                {name} ({phone}) gets a new password and a new second factor. The old ones stop working and their sessions end at once.
              </Trans>
            ) : (
              <Trans>
                {name} ({phone}) can no longer log in, and their sessions end at once. Adding them again gives them new sign-in details.
              </Trans>
            )}
          </p>
          <ErrorLine>{error && <MessageText message={error} />}</ErrorLine>
          <div className="button-row">
            <button type="button" className="button button--secondary" disabled={busy} onClick={close}>
              <Trans>Cancel</Trans>
            </button>
            <button type="button" className="button button--primary" disabled={busy} onClick={() => machine.send({ type: 'change.confirm' })}>
              {change.change === 'reset' ? (
                busy ? <Trans>Resetting…</Trans> : <Trans>Reset sign-in</Trans>
              ) : busy ? (
                <Trans>Disabling…</Trans>
              ) : (
                <Trans>Disable operator</Trans>
              )}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
