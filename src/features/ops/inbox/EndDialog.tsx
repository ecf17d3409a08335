/**
 * Ending a conversation asks first: the customer's widget then shows the
 * end, and their next message starts a new conversation.
 */
import { Trans } from '@lingui/react/macro';
import { Modal } from '../../ui/Modal.tsx';

export default function EndDialog({ onClose, onEnd }: { onClose: () => void; onEnd: () => void }) {
  return (
    <Modal
      open
      alert
      onOpenChange={(open) => !open && onClose()}
      title={<Trans>End this conversation?</Trans>}
      description={<Trans>The customer sees that it ended; their next message starts a new one.</Trans>}
    >
      <div className="button-row">
        <button type="button" className="button button--primary" onClick={onEnd}>
          <Trans>End the conversation</Trans>
        </button>
        <button type="button" className="button button--ghost" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </Modal>
  );
}
