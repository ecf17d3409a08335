/** A slip's status as a word and a colour (UI.md: status = word + colour). */
import { Trans } from '@lingui/react/macro';
import type { Output } from '../../../contract/common.ts';
import type { SlipStatus } from '../../../contract/deposit.ts';

export function SlipStatusWord({ status }: { status: Output<typeof SlipStatus> }) {
  switch (status) {
    case 'SUCCESS':
      return (
        <span className="ops-status ops-status--good">
          <Trans>Approved</Trans>
        </span>
      );
    case 'FAILED':
      return (
        <span className="ops-status ops-status--bad">
          <Trans>Rejected</Trans>
        </span>
      );
    default:
      return (
        <span className="ops-status ops-status--waiting">
          <Trans>Waiting</Trans>
        </span>
      );
  }
}
