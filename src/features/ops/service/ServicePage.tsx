/**
 * /ops/service (admins): whether members are served, and terminating or
 * resuming the service (machines/service-terminate). Terminated, members'
 * app shows its closed page (/terminated, "Page not found") and the
 * console goes on (docs/decisions/0128-members-and-service-in-the-console.md).
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { serviceTerminateActors } from '../../../../machines/service-terminate/service-terminate.actors.ts';
import { serviceTerminateMachine } from '../../../../machines/service-terminate/service-terminate.machine.ts';
import { MessageText } from '../../errors/message-text.tsx';
import { ErrorLine } from '../../ui/Form.tsx';
import { showSuccessToast } from '../../ui/toast.ts';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { ConfirmDialog } from '../console/ConfirmDialog.tsx';
import { opsApi } from '../ops-session.ts';

export default function ServiceArea() {
  const { t } = useLingui();
  useDocumentTitle(t`Service`);
  const service = useActorRef(
    serviceTerminateMachine.provide({
      actors: serviceTerminateActors(opsApi),
      actions: {
        changed: ({ context }) =>
          showSuccessToast(context.status === 'terminated' ? t`The service is terminated. Members see the closed page.` : t`The service is running again.`),
      },
    }),
  );
  const status = useSelector(service, (snapshot) => snapshot.context.status);
  const failure = useSelector(service, (snapshot) => snapshot.context.failure);
  const failed = useSelector(service, (snapshot) => snapshot.hasTag('failed'));
  const asking = useSelector(service, (snapshot) => snapshot.hasTag('confirming') || snapshot.hasTag('saving'));
  const busy = useSelector(service, (snapshot) => snapshot.hasTag('saving'));
  const terminated = status === 'terminated';

  return (
    <div className="ops-page">
      <div className="ops-page__head">
        <h1>
          <Trans>Service</Trans>
        </h1>
      </div>
      {failed && (
        <p className="form-error" role="alert">
          <MessageText message={failure ?? 'NETWORK_ERROR'} />{' '}
          <button type="button" className="button button--secondary" onClick={() => service.send({ type: 'service.retry' })}>
            <Trans>Try again</Trans>
          </button>
        </p>
      )}
      {status === null && !failed && (
        <p className="muted" role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {status !== null && (
        <section className="card stack">
          <p>
            <Trans>Members' app:</Trans>{' '}
            {terminated ? (
              <span className="ops-status ops-status--bad">
                <Trans>Terminated</Trans>
              </span>
            ) : (
              <span className="ops-status ops-status--good">
                <Trans>Running</Trans>
              </span>
            )}
          </p>
          <p className="muted">
            {terminated ? (
              <Trans>Members see the closed page ("Page not found") and cannot log in. The console keeps working.</Trans>
            ) : (
              <Trans>Members can log in and use the app.</Trans>
            )}
          </p>
          <div className="button-row">
            <button type="button" className="button button--primary" onClick={() => service.send({ type: 'service.ask' })}>
              {terminated ? <Trans>Resume the service</Trans> : <Trans>Terminate the service</Trans>}
            </button>
          </div>
        </section>
      )}
      <ConfirmDialog
        open={asking}
        busy={busy}
        title={terminated ? t`Resume the service?` : t`Terminate the service?`}
        description={
          terminated
            ? t`Members can log in and use the app again at once.`
            : t`Every member sees the closed page ("Page not found") instead of the app, at once, and cannot log in until an admin resumes the service. Their money and accounts stay as they are; the console keeps working.`
        }
        confirm={terminated ? <Trans>Resume</Trans> : <Trans>Terminate</Trans>}
        onConfirm={() => service.send({ type: 'service.confirm' })}
        onCancel={() => service.send({ type: 'service.cancel' })}
      >
        <ErrorLine>{failure && <MessageText message={failure} />}</ErrorLine>
      </ConfirmDialog>
    </div>
  );
}
