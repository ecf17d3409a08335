/**
 * The add dialog over machines/operator-add: the form, the confirmation
 * ("Add Noi (0810000301) as Finance?"), then the enrolment shown once. The
 * machine lives as long as the dialog: closing it forgets the password and
 * the second factor.
 */
import { useId } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { operatorAddActors } from '../../../../machines/operator-add/operator-add.actors.ts';
import { operatorAddMachine } from '../../../../machines/operator-add/operator-add.machine.ts';
import { OPERATOR_ROLES, type OperatorRole } from '../../../contract/api.ts';
import { MessageText, preloadMessageTexts } from '../../errors/message-text.tsx';
import { Field } from '../../ui/Field.tsx';
import { ErrorLine, Form, useMachineField } from '../../ui/Form.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { RoleName } from '../console/RoleName.tsx';
import { opsApi } from '../ops-session.ts';
import { EnrolmentView } from './EnrolmentView.tsx';
import { useRoleLabels } from './role-labels.ts';

export function OperatorAddDialog({ onClose, onAdded }: { onClose: () => void; onAdded: () => void }) {
  const { t } = useLingui();
  const errorId = useId();
  const roleLabels = useRoleLabels();
  const add = useActorRef(operatorAddMachine.provide({ actors: operatorAddActors(opsApi), actions: { added: onAdded } }));
  const editing = useSelector(add, (snapshot) => snapshot.hasTag('editing'));
  const busy = useSelector(add, (snapshot) => snapshot.hasTag('busy'));
  const enrolled = useSelector(add, (snapshot) => snapshot.context.enrolled);
  const error = useSelector(add, (snapshot) => snapshot.context.error);
  const phoneField = useMachineField(add, 'phone');
  const roleField = useMachineField(add, 'role');
  const nameField = useMachineField(add, 'name');
  const [phone, role, name] = [phoneField.value, roleField.value, nameField.value];
  const close = () => {
    add.send({ type: 'enrolment.done' });
    onClose();
  };

  return (
    <Modal
      open
      onOpenChange={(open) => !open && close()}
      canClose={() => !busy}
      title={enrolled ? <Trans>New operator's sign-in</Trans> : <Trans>Add an operator</Trans>}
    >
      {enrolled ? (
        <EnrolmentView enrolled={enrolled} onDone={close} />
      ) : editing ? (
        <Form
          onSubmit={() => {
            preloadMessageTexts();
            add.send({ type: 'add.submit' });
          }}
        >
          <Field
            label={<Trans>Phone number</Trans>}
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            required
            {...phoneField}
            invalid={error !== null}
            errorId={errorId}
          />
          <SelectField
            label={<Trans>Role</Trans>}
            placeholder={t`Choose a role`}
            required
            options={OPERATOR_ROLES.map((value) => ({ value, label: roleLabels[value] }))}
            {...roleField}
          />
          <Field label={<Trans>Name</Trans>} autoComplete="off" required maxLength={60} {...nameField} />
          <ErrorLine id={errorId}>{error && <MessageText message={error} />}</ErrorLine>
          <div className="button-row">
            <button type="button" className="button button--secondary" onClick={close}>
              <Trans>Cancel</Trans>
            </button>
            <button type="submit" className="button button--primary" disabled={phone.trim() === '' || role === '' || name.trim() === ''}>
              <Trans>Continue</Trans>
            </button>
          </div>
        </Form>
      ) : (
        <div className="stack">
          <p>
            {role !== '' && (
              <Trans>
                Add <strong>{name.trim()}</strong> ({phone.trim()}) as <RoleName role={role as OperatorRole} />? They get a password and a second factor, shown
                here once.
              </Trans>
            )}
          </p>
          <div className="button-row">
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => add.send({ type: 'add.back' })}>
              <Trans>Back</Trans>
            </button>
            <button type="button" className="button button--primary" disabled={busy} onClick={() => add.send({ type: 'add.confirm' })}>
              {busy ? <Trans>Adding…</Trans> : <Trans>Add operator</Trans>}
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
