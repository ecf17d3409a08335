/**
 * What the slip verifier found (contract/deposit.ts SlipVerification;
 * docs/decisions/0137-slip-verification.md), beside the slip: the bank's
 * record of the transfer, and why it was not credited on its own, or that
 * it was, or that the service did not answer, or that our own check or
 * credit failed (then nothing was concluded, nor credited).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import type { OpsSlipDetail } from '../../../contract/deposit.ts';
import { formatDateTime } from '../../ui/date-time.ts';
import { formatMoney } from '../../ui/money.ts';
import { VERIFY_PROBLEMS } from './verify-problems.ts';

type Verification = NonNullable<OpsSlipDetail['verification']>;
type BankSide = NonNullable<Verification['record']>['sender'];

function Party({ party }: { party: BankSide }) {
  return (
    <>
      {party.bank} · <span className="mono">{party.account || '–'}</span> · {party.name || '–'}
    </>
  );
}

export function VerifierFindings({ verification, currency }: { verification: Verification | null; currency: OpsSlipDetail['currency'] }) {
  const { i18n } = useLingui();
  if (!verification) return null;
  const { outcome, record, problems, error, provider, checkedAt } = verification;
  return (
    <section className="slips__findings">
      <h3>
        <Trans>The bank’s record</Trans>
      </h3>
      <p>
        {outcome === 'CREDITED' && (
          <span className="ops-status ops-status--good">
            <Trans>Credited by the verifier</Trans>
          </span>
        )}
        {outcome === 'REVIEW' && (
          <span className="ops-status ops-status--waiting">
            <Trans>For an operator</Trans>
          </span>
        )}
        {(outcome === 'UNAVAILABLE' || outcome === 'FAILED') && (
          <span className="ops-status ops-status--bad">
            <Trans>Not verified</Trans>
          </span>
        )}{' '}
        <Trans>
          Asked {provider} on {formatDateTime(checkedAt)}.
        </Trans>
      </p>
      {outcome === 'UNAVAILABLE' && (
        <p>
          <Trans>
            The service did not answer (<span className="mono">{error}</span>): nothing was concluded. Check the slip as without a verifier.
          </Trans>
        </p>
      )}
      {outcome === 'FAILED' && (
        <p>
          <Trans>Our server failed while checking or crediting this slip, not the service: nothing was credited. Check the slip as without a verifier.</Trans>
        </p>
      )}
      {problems.length > 0 && (
        <ul>
          {problems.map((problem) => (
            <li key={problem}>
              <span className="ops-status ops-status--bad">{i18n._(VERIFY_PROBLEMS[problem])}</span>
              {problem === 'NOT_FOUND' && error && <span className="mono muted"> {error}</span>}
            </li>
          ))}
        </ul>
      )}
      {record && (
        <dl className="slips__facts">
          <dt>
            <Trans>Bank reference</Trans>
          </dt>
          <dd className="mono">{record.reference}</dd>
          <dt>
            <Trans>Transferred</Trans>
          </dt>
          <dd>{formatDateTime(record.date)}</dd>
          <dt>
            <Trans>Amount</Trans>
          </dt>
          <dd>{formatMoney(record.amount, currency)}</dd>
          <dt>
            <Trans>From</Trans>
          </dt>
          <dd>
            <Party party={record.sender} />
          </dd>
          <dt>
            <Trans>To</Trans>
          </dt>
          <dd>
            <Party party={record.receiver} />
          </dd>
        </dl>
      )}
    </section>
  );
}
