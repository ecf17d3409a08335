/**
 * What the server found about a slip (contract/deposit.ts
 * OpsSlipDetailResponse), each a word and a colour: other slips with the
 * same reference, a credit the reference already has, an approval that
 * waits, and the age a slip may have (bank QRs carry no date: the operator
 * compares the time printed on the picture).
 */
import { Trans } from '@lingui/react/macro';
import type { OpsSlipDetail } from '../../../contract/deposit.ts';
import { MessageText } from '../../errors/message-text.tsx';
import { formatDateTime } from '../../ui/date-time.ts';
import { formatMoney } from '../../ui/money.ts';
import { SlipStatusWord } from './SlipStatusWord.tsx';

export function SlipFindings({ detail }: { detail: OpsSlipDetail }) {
  const { slip, sameReference, credited, waitingApprovalId, maxAgeMinutes, currency } = detail;
  const count = sameReference.length;
  return (
    <section className="slips__findings">
      <h3>
        <Trans>Findings</Trans>
      </h3>
      <ul>
        {count === 0 ? (
          <li>
            <span className="ops-status ops-status--good">
              <Trans>No duplicate</Trans>
            </span>{' '}
            <Trans>No other slip carries this reference.</Trans>
          </li>
        ) : (
          <li>
            <span className="ops-status ops-status--bad">
              <Trans>Duplicate</Trans>
            </span>{' '}
            <Trans>Other slips carry this reference:</Trans>
            <ul>
              {sameReference.map((sibling) => (
                <li key={sibling.id}>
                  <Trans>
                    Slip {sibling.id} by {sibling.username}, {formatDateTime(sibling.createdAt)}
                  </Trans>{' '}
                  <SlipStatusWord status={sibling.status} /> {sibling.note && <MessageText message={sibling.note} />}
                </li>
              ))}
            </ul>
          </li>
        )}
        {credited && (
          <li>
            <span className="ops-status ops-status--bad">
              <Trans>Already credited</Trans>
            </span>{' '}
            <Trans>
              This reference was credited {formatMoney(credited.amount, currency)} on {formatDateTime(credited.createdAt)}. Approving the same amount moves
              nothing again.
            </Trans>
          </li>
        )}
        {waitingApprovalId && (
          <li>
            <span className="ops-status ops-status--waiting">
              <Trans>Waiting for a second operator</Trans>
            </span>{' '}
            <Trans>Its approval is request {waitingApprovalId} in the approvals.</Trans>
          </li>
        )}
        <li>
          <span className="ops-status">
            <Trans>Age</Trans>
          </span>{' '}
          {slip.sendingBank === 'TRUEMONEY' ? (
            <Trans>The slip’s date was checked on upload.</Trans>
          ) : (
            <Trans>
              Bank slips carry no date: compare the time printed on the slip with the upload time. A slip more than {maxAgeMinutes} minutes old is expired.
            </Trans>
          )}
        </li>
      </ul>
    </section>
  );
}
