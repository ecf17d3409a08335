/**
 * What an operator does to a member's way in (docs/decisions/0128-members-and-service-in-the-console.md):
 * support suspends, closes or resumes them and ends their sessions
 * (machines/member-standing); an admin changes the phone they log in with
 * (machines/member-phone). Each asks first and says what will happen.
 */
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { memberPhoneActors } from '../../../../machines/member-phone/member-phone.actors.ts';
import { memberPhoneMachine } from '../../../../machines/member-phone/member-phone.machine.ts';
import { memberStandingActors } from '../../../../machines/member-standing/member-standing.actors.ts';
import { memberStandingMachine } from '../../../../machines/member-standing/member-standing.machine.ts';
import type { StandingChange } from '../../../../machines/member-standing/member-standing.types.ts';
import { endpoints } from '../../../contract/endpoints.ts';
import { MEMBER_PHONE_REASON_MAX, type MemberDetail } from '../../../contract/ops-members.ts';
import type { OperatorMe } from '../../../contract/ops.ts';
import { VARIANT } from '../../../i18n/variant.ts';
import { MessageText } from '../../errors/message-text.tsx';
import { Field } from '../../ui/Field.tsx';
import { ErrorLine, Form, useMachineField } from '../../ui/Form.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { showSuccessToast } from '../../ui/toast.ts';
import { mayCall } from '../console/area-page.ts';
import { ConfirmDialog } from '../console/ConfirmDialog.tsx';
import { opsApi } from '../ops-session.ts';
import { memberPath } from './member-status.tsx';

interface Props {
  operator: OperatorMe;
  detail: MemberDetail;
  /** Reads the member's page again after a change. */
  onChanged: () => void;
}

export function MemberActions({ operator, detail, onChanged }: Props) {
  const mayStanding = mayCall(operator, endpoints.opsMemberStatus);
  const mayPhone = mayCall(operator, endpoints.opsMemberPhone);
  if (!mayStanding && !mayPhone) return null;
  return (
    <div className="ops-member__actions">
      {mayStanding && <StandingActions detail={detail} onChanged={onChanged} />}
      {mayPhone && <PhoneAction detail={detail} />}
    </div>
  );
}

function StandingActions({ detail, onChanged }: Omit<Props, 'operator'>) {
  const { t } = useLingui();
  const { username, name } = detail.member;
  const standing = useActorRef(
    memberStandingMachine.provide({
      actors: memberStandingActors(opsApi, username),
      actions: {
        changed: (_, { change }) => {
          showSuccessToast(doneText(change));
          onChanged();
        },
      },
    }),
    { input: { status: detail.member.status } },
  );
  const status = useSelector(standing, (snapshot) => snapshot.context.status);
  const change = useSelector(standing, (snapshot) => snapshot.context.change);
  const failure = useSelector(standing, (snapshot) => snapshot.context.failure);
  const open = useSelector(standing, (snapshot) => !snapshot.hasTag('idle'));
  const busy = useSelector(standing, (snapshot) => snapshot.hasTag('applying'));
  const choose = (next: StandingChange) => standing.send({ type: 'standing.choose', change: next });
  const sessions = detail.sessions.length;

  function doneText(done: StandingChange): string {
    switch (done) {
      case 'suspended':
        return t`${name} is suspended and logged out.`;
      case 'closed':
        return t`${name}'s account is closed.`;
      case 'active':
        return t`${name} can log in again.`;
      case 'sessionsEnded':
        return t`${name} is logged out everywhere.`;
    }
  }

  const title: Record<StandingChange, string> = {
    suspended: t`Suspend ${name}?`,
    closed: t`Close ${name}'s account?`,
    active: t`Resume ${name}?`,
    sessionsEnded: t`End ${name}'s sessions?`,
  };
  const effect: Record<StandingChange, string> = {
    suspended: t`${name} (${username}) is logged out at once on every device and cannot log in until an operator resumes the account. Their money stays where it is.`,
    closed: t`${name} (${username}) is logged out at once on every device and cannot log in. Their money stays where it is; an operator can still resume the account later.`,
    active: t`${name} (${username}) can log in and use the app again.`,
    sessionsEnded: t`${name} (${username}) is logged out at once on every device (${sessions} live sessions). They can log in again with their password.`,
  };
  const confirmLabel: Record<StandingChange, string> = {
    suspended: t`Suspend`,
    closed: t`Close account`,
    active: t`Resume`,
    sessionsEnded: t`End sessions`,
  };

  return (
    <>
      {status === 'active' ? (
        <button type="button" className="button button--secondary" onClick={() => choose('suspended')}>
          <Trans>Suspend</Trans>
        </button>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => choose('active')}>
          <Trans>Resume</Trans>
        </button>
      )}
      {status !== 'closed' && (
        <button type="button" className="button button--secondary" onClick={() => choose('closed')}>
          <Trans>Close account</Trans>
        </button>
      )}
      <button type="button" className="button button--secondary" onClick={() => choose('sessionsEnded')}>
        <Trans>End sessions</Trans>
      </button>
      <ConfirmDialog
        open={open}
        busy={busy}
        title={change ? title[change] : ''}
        description={change ? effect[change] : undefined}
        confirm={change ? confirmLabel[change] : ''}
        onConfirm={() => standing.send({ type: 'standing.confirm' })}
        onCancel={() => standing.send({ type: 'standing.cancel' })}
      >
        <ErrorLine>{failure && <MessageText message={failure} />}</ErrorLine>
      </ConfirmDialog>
    </>
  );
}

function PhoneAction({ detail }: { detail: MemberDetail }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { username, name } = detail.member;
  const phoneMachine = useActorRef(
    memberPhoneMachine.provide({
      actors: memberPhoneActors(opsApi, username),
      actions: {
        phoneChanged: (_, { phone }) => {
          showSuccessToast(t`${name} now logs in with ${phone}.`);
          void navigate({ ...memberPath(phone), replace: true });
        },
      },
    }),
    { input: { variant: VARIANT, current: username } },
  );
  const phone = useMachineField(phoneMachine, 'phone');
  const reason = useMachineField(phoneMachine, 'reason');
  const failure = useSelector(phoneMachine, (snapshot) => snapshot.context.failure);
  const editing = useSelector(phoneMachine, (snapshot) => snapshot.hasTag('editing'));
  const confirming = useSelector(phoneMachine, (snapshot) => snapshot.hasTag('confirming') || snapshot.hasTag('saving'));
  const busy = useSelector(phoneMachine, (snapshot) => snapshot.hasTag('saving'));
  const newPhone = phone.value.trim();

  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => phoneMachine.send({ type: 'phone.open' })}>
        <Trans>Change phone</Trans>
      </button>
      <Modal
        open={editing || confirming}
        onOpenChange={(next) => !next && phoneMachine.send({ type: 'phone.cancel' })}
        canClose={() => !busy}
        title={confirming ? t`Change ${name}'s phone to ${newPhone}?` : t`Change ${name}'s phone`}
        description={
          confirming
            ? t`${name} is logged out at once on every device and logs in with ${newPhone} instead of ${username} from now on. The reason is kept in the audit.`
            : t`The number ${name} logs in with, now ${username}. Only an admin may change it.`
        }
      >
        {editing && (
          <Form onSubmit={() => phoneMachine.send({ type: 'phone.submit' })}>
            <Field label={<Trans>New phone number</Trans>} inputMode="numeric" autoComplete="off" maxLength={20} invalid={failure !== null} errorId="member-phone-error" {...phone} />
            <Field label={<Trans>Reason (kept in the audit)</Trans>} autoComplete="off" maxLength={MEMBER_PHONE_REASON_MAX} {...reason} />
            <ErrorLine id="member-phone-error">{failure && <MessageText message={failure} />}</ErrorLine>
            <div className="button-row">
              <button type="submit" className="button button--primary" disabled={newPhone === '' || reason.value.trim() === ''}>
                <Trans>Continue</Trans>
              </button>
              <button type="button" className="button button--secondary" onClick={() => phoneMachine.send({ type: 'phone.cancel' })}>
                <Trans>Cancel</Trans>
              </button>
            </div>
          </Form>
        )}
        {confirming && (
          <Form busy={busy} onSubmit={() => phoneMachine.send({ type: 'phone.confirm' })}>
            <p>
              <Trans>Reason: {reason.value.trim()}</Trans>
            </p>
            <div className="button-row">
              <button type="submit" className="button button--primary" disabled={busy}>
                <Trans>Change phone</Trans>
              </button>
              <button type="button" className="button button--secondary" disabled={busy} onClick={() => phoneMachine.send({ type: 'phone.back' })}>
                <Trans>Back</Trans>
              </button>
            </div>
          </Form>
        )}
      </Modal>
    </>
  );
}
