/**
 * Deposit by TrueMoney gift link (spec 2, spec 5, spec 7), driven by
 * trueLinkMachine: paste the link, send it (disabled while empty), and see
 * what was credited. The link is encrypted just before it is sent; the
 * crypto code loads with the first send. One idempotency key per send. The
 * deposit machine runs the link's machine for as long as the modal is open.
 */
import { useId } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Trans } from '@lingui/react/macro';
import { TRUEWALLET_MINIMUM, type DepositLookupResponse } from '../../contract/deposit.ts';
import { linkMissing, trueLinkMachine } from '../../../machines/truelink/truelink.machine.ts';
import { useBackOnline } from '../ui/use-back-online.ts';
import { MessageText } from '../errors/message-text.tsx';
import { Field } from '../ui/Field.tsx';
import { formatMoney, type Currency } from '../ui/money.ts';
import { CallButton, OutcomeUnknown, ResultMark, Summary } from '../money/money-parts.tsx';
import { ErrorLine, Form } from '../ui/Form.tsx';

type TrueLinkRef = ActorRefFrom<typeof trueLinkMachine>;

export function TrueLinkPanel({
  machine,
  lookup,
  currency,
  onClose,
}: {
  machine: TrueLinkRef;
  lookup: DepositLookupResponse | null;
  currency: Currency;
  onClose: () => void;
}) {
  const step = useSelector(machine, (snapshot) =>
    (['editing', 'sent', 'outcomeUnknown'] as const).find((tag) => snapshot.hasTag(tag)),
  );
  const error = useSelector(machine, (snapshot) => snapshot.context.error);
  // An unknown outcome is asked again when the connection is back (docs/decisions/0145-a-flaky-network.md).
  useBackOnline(() => machine.send({ type: 'connectivity.online' }));
  const minimum = formatMoney(lookup?.trueWalletMinimum ?? TRUEWALLET_MINIMUM, currency);
  const wallet = lookup?.wallets[0]?.walletAccountName;

  return (
    <div className="stack">
      <ul className="deposit-notes">
        <li>
          <Trans>Send a TrueMoney gift of at least {minimum}, from the TrueMoney wallet of your registered phone number.</Trans>
        </li>
        {wallet && (
          <li>
            <Trans>It is received by {wallet}.</Trans>
          </li>
        )}
      </ul>
      {step === 'editing' && <TrueLinkForm machine={machine} />}
      {step === 'sent' && <TrueLinkDone machine={machine} currency={currency} />}
      {step === 'outcomeUnknown' && (
        <OutcomeUnknown asks message={error ?? 'NETWORK_ERROR'} onRetry={() => machine.send({ type: 'link.retry' })} onClose={onClose} />
      )}
    </div>
  );
}

function TrueLinkForm({ machine }: { machine: TrueLinkRef }) {
  const errorId = useId();
  const link = useSelector(machine, (snapshot) => snapshot.context.link);
  const error = useSelector(machine, (snapshot) => snapshot.context.error);
  const busy = useSelector(machine, (snapshot) => snapshot.hasTag('busy'));
  return (
    <Form onSubmit={() => machine.send({ type: 'link.send' })}>
      <Field
        label={<Trans>TrueMoney gift link</Trans>}
        name="truelink"
        type="url"
        inputMode="url"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        placeholder="https://gift.truemoney.com/…"
        value={link}
        onValueChange={(value) => machine.send({ type: 'link.change', value })}
        errorId={errorId}
        invalid={error !== null}
        disabled={busy}
      />
      <ErrorLine id={errorId}>{error ? <MessageText message={error} /> : null}</ErrorLine>
      <CallButton
        className="button button--primary button--block"
        // spec 2: the send is disabled while the link is empty.
        disabled={busy || linkMissing({ link })}
        onCall={() => machine.send({ type: 'link.send' })}
      >
        {busy ? <Trans>Sending…</Trans> : <Trans>Send link</Trans>}
      </CallButton>
    </Form>
  );
}

function TrueLinkDone({ machine, currency }: { machine: TrueLinkRef; currency: Currency }) {
  const result = useSelector(machine, (snapshot) => snapshot.context.result);
  if (!result) return null;
  return (
    <div className="stack money-result">
      <ResultMark success />
      <p className="money-result__title" role="status">
        <Trans>The gift was received</Trans>
      </p>
      <Summary
        rows={[
          { label: <Trans>Amount</Trans>, value: formatMoney(result.amount, currency), strong: true },
          { label: <Trans>Wallet balance now</Trans>, value: formatMoney(result.wallet.amount, currency) },
          { label: <Trans>Reference</Trans>, value: <span className="mono">{result.transferId}</span> },
        ]}
      />
      <button type="button" className="button button--secondary button--block" onClick={() => machine.send({ type: 'link.another' })}>
        <Trans>Send another link</Trans>
      </button>
    </div>
  );
}
