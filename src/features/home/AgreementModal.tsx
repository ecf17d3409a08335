/**
 * The agreement modal (spec 2): the server's agreements, sanitised, with an
 * accept button. Accepting is remembered on this device; closing without
 * accepting shows them again on a later visit (machines/agreement). A chunk
 * of its own: most visits never open it.
 */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Trans } from '@lingui/react/macro';
import type { agreementMachine } from '../../../machines/agreement/agreement.machine.ts';
import { Modal } from '../ui/Modal.tsx';
import { SafeHtml } from '../ui/SafeHtml.tsx';

export default function AgreementModal({ machine }: { machine: ActorRefFrom<typeof agreementMachine> }) {
  const agreements = useSelector(machine, (snapshot) => snapshot.context.agreements);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && machine.send({ type: 'agreement.dismiss' })}
      title={<Trans>Agreement</Trans>}
      description={<Trans>Please read and accept before you continue.</Trans>}
      size="wide"
    >
      <div className="stack">
        <ol className="conditions">
          {agreements.map((html, index) => (
            <SafeHtml key={index} as="li" html={html} />
          ))}
        </ol>
        <button type="button" className="button button--primary button--block" onClick={() => machine.send({ type: 'agreement.accept' })}>
          <Trans>I agree</Trans>
        </button>
      </div>
    </Modal>
  );
}
