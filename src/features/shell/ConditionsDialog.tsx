/**
 * Conditions modal (spec 2): the server's HTML list, loaded after 200 ms
 * (spec 9), sanitised (ui/SafeHtml.tsx) before it reaches the page.
 */
import { Trans } from '@lingui/react/macro';
import { Modal } from '../ui/Modal.tsx';
import { useRead } from '../ui/use-read.ts';
import { ReadPending } from '../ui/ReadPending.tsx';
import { SafeHtml } from '../ui/SafeHtml.tsx';

/** spec 9: condition modal delay 200 ms. */
const CONDITIONS_DELAY_MS = 200;

export function ConditionsDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={<Trans>Conditions</Trans>} size="wide">
      {open && <ConditionsList />}
    </Modal>
  );
}

function ConditionsList() {
  const conditions = useRead('lookupConditions', { startDelay: CONDITIONS_DELAY_MS });

  if (conditions.data) {
    const items = conditions.data.conditions;
    if (items.length === 0) {
      return (
        <p className="muted">
          <Trans>There are no conditions to show.</Trans>
        </p>
      );
    }
    return (
      <ol className="conditions">
        {items.map((html, index) => (
          <SafeHtml key={index} as="li" html={html} />
        ))}
      </ol>
    );
  }
  return <ReadPending read={conditions} shapes={['line', 'line', 'short']} loading={<Trans>Loading…</Trans>} />;
}
