/**
 * Pieces the wallet's modals share: the modal frame, the money form, the
 * review list, the review and result views, the result mark, the
 * unknown-outcome panel, and the button that starts a server call.
 */
import { useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { Trans } from '@lingui/react/macro';
import { NOT_SEEN } from '../../../machines/money-action/money-action.machine.ts';
import type { MoneyMoved } from '../../../machines/money-action/money-action.types.ts';
import { MessageText, preloadMessageTexts } from '../errors/message-text.tsx';
import { Modal } from '../ui/Modal.tsx';
import { formatDateTime } from '../ui/date-time.ts';
import { AlertIcon, CheckIcon } from '../ui/icons.tsx';
import { formatMoney, type Currency } from '../ui/money.ts';
import { ErrorLine, Form } from '../ui/Form.tsx';

/** A modal's machine the home holds (transfer, withdraw, game account): it tags its steps and answers 'modal.close'. */
type ModalActor = Pick<AnyActorRef, 'subscribe'> & {
  getSnapshot(): { hasTag(tag: string): boolean };
  send(event: { type: 'modal.close' }): void;
};

/**
 * What a modal's machine says of the frame: whether it ended ('closed'), is
 * busy, which step it is at (the first of `steps` it holds as a tag), and
 * how to close it.
 */
export function useModalSteps<const TStep extends string>(machine: ModalActor, steps: readonly TStep[]) {
  const closed = useSelector(machine, (snapshot) => snapshot.hasTag('closed'));
  const busy = useSelector(machine, (snapshot) => snapshot.hasTag('busy'));
  const step = useSelector(machine, (snapshot) => steps.find((tag) => snapshot.hasTag(tag)));
  return { closed, busy, step, close: () => machine.send({ type: 'modal.close' }) };
}

/**
 * The modal of a money machine: it closes only through the machine
 * (`onClose` sends 'modal.close'; the machine ends and the home reads how),
 * and not while `locked` (money or a write on its way).
 */
export function MachineModal({
  closed,
  locked,
  onClose,
  title,
  children,
}: {
  closed: boolean;
  locked: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Modal
      open={!closed}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      canClose={() => !locked}
      title={title}
    >
      {children}
    </Modal>
  );
}

interface SummaryRow {
  label: ReactNode;
  value: ReactNode;
  /** The amount: the largest text of the review (docs/product/ui.md). */
  strong?: boolean;
}

/** What will move, or what moved (docs/product/ui.md: amount, from, to, status, time). */
export function Summary({ rows }: { rows: SummaryRow[] }) {
  return (
    <dl className="details money-summary">
      {rows.map((row, index) => (
        <div key={index} className="details__row">
          <dt>{row.label}</dt>
          <dd className={row.strong ? 'money-summary__amount mono' : undefined}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ResultMark({ success }: { success: boolean }) {
  return (
    <div className={`result-icon ${success ? '' : 'result-icon--error'}`} aria-hidden="true">
      {success ? <CheckIcon size={32} /> : <AlertIcon size={32} />}
    </div>
  );
}

/** A money modal's form: its fields, the one error line, and Continue (to the review). */
export function MoneyForm({
  errorId,
  error,
  onSubmit,
  children,
}: {
  /** The error line's id, which the invalid field names (aria-describedby). */
  errorId: string;
  error: ReactNode;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Form onSubmit={onSubmit}>
      {children}
      <ErrorLine id={errorId}>{error}</ErrorLine>
      <button type="submit" className="button button--primary button--block">
        <Trans>Continue</Trans>
      </button>
    </Form>
  );
}

/**
 * No answer came for a money action (NETWORK_ERROR) or a 5xx without one,
 * and the server could not be asked what its key holds: the money may have
 * moved. Or the server said it never saw the key (NOT_SEEN): nothing moved.
 * Only the same action again is offered: a retry asks the server first, and
 * the server never moves the money twice for one key
 * (docs/decisions/0015-idempotency-keys-and-retry-rule.md,
 * docs/decisions/0145-a-flaky-network.md). The flow asks again by itself when
 * the connection is back (`asks`: flows of machines/money-action; the
 * rewards' claims send the same key again instead).
 */
export function OutcomeUnknown({
  message,
  asks = false,
  onRetry,
  onClose,
}: {
  message: string;
  asks?: boolean;
  onRetry: () => void;
  onClose: () => void;
}) {
  const notSeen = message === NOT_SEEN;
  return (
    <div className="stack money-result">
      <ResultMark success={false} />
      <p className="money-result__title" role="status">
        {notSeen ? <Trans>Your money did not move</Trans> : <Trans>We do not know yet whether it went through</Trans>}
      </p>
      {notSeen ? (
        <p>
          <Trans>The request never reached us, so nothing was carried out. You can send it again safely.</Trans>
        </p>
      ) : (
        <>
          <p>
            <MessageText message={message} />
          </p>
          <p className="muted">
            {asks ? (
              <Trans>
                We will ask again by ourselves when the connection is back. Checking is safe: the same request is never
                carried out twice.
              </Trans>
            ) : (
              <Trans>
                It may have gone through. Try again: it is safe, the same request is never carried out twice. Or close and
                check your balance.
              </Trans>
            )}
          </p>
        </>
      )}
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
        <button type="button" className="button button--primary" onClick={onRetry}>
          {notSeen ? <Trans>Send again</Trans> : asks ? <Trans>Check again</Trans> : <Trans>Try again</Trans>}
        </button>
      </div>
    </div>
  );
}

/**
 * A button that starts a server call: the texts of the codes it may answer
 * start loading first, so a refusal shows in words, not as a code.
 */
export function CallButton({
  className,
  disabled,
  onCall,
  children,
}: {
  className: string;
  disabled: boolean;
  onCall: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className}
      disabled={disabled}
      onClick={() => {
        preloadMessageTexts();
        onCall();
      }}
    >
      {children}
    </button>
  );
}

/** The review before a money action moves money (docs/product/ui.md): what will move, Back and Confirm. */
export function MoneyReview({
  intro,
  rows,
  busy,
  confirmLabel,
  busyLabel,
  onEdit,
  onConfirm,
}: {
  intro: ReactNode;
  rows: SummaryRow[];
  /** Sending: both buttons are disabled and the confirm button says what is happening. */
  busy: boolean;
  confirmLabel: ReactNode;
  busyLabel: ReactNode;
  onEdit: () => void;
  onConfirm: () => void;
}) {
  return (
    <div className="stack" aria-busy={busy}>
      <p>{intro}</p>
      <Summary rows={rows} />
      <div className="button-row">
        <button type="button" className="button button--secondary" disabled={busy} onClick={onEdit}>
          <Trans>Back</Trans>
        </button>
        <CallButton className="button button--primary" disabled={busy} onCall={onConfirm}>
          {busy ? busyLabel : confirmLabel}
        </CallButton>
      </div>
    </div>
  );
}

/**
 * What moved (docs/product/ui.md: amount, accounts, the new wallet balance, time, reference).
 * `accounts` are the rows between the amount and the wallet balance.
 */
export function MoneyDone({
  title,
  note,
  result,
  currency,
  accounts,
  onClose,
}: {
  title: ReactNode;
  /** Said under the title, e.g. what happens next. */
  note?: ReactNode;
  result: MoneyMoved;
  currency: Currency;
  accounts: SummaryRow[];
  onClose: () => void;
}) {
  // The answer has no time; the moment it arrived is what the member saw.
  const [doneAt] = useState(() => new Date().toISOString());
  return (
    <div className="stack money-result">
      <ResultMark success />
      <p className="money-result__title" role="status">
        {title}
      </p>
      {note && <p>{note}</p>}
      <Summary
        rows={[
          { label: <Trans>Amount</Trans>, value: formatMoney(result.amount, currency), strong: true },
          ...accounts,
          { label: <Trans>Wallet balance now</Trans>, value: formatMoney(result.wallet.amount, currency) },
          { label: <Trans>Time</Trans>, value: formatDateTime(doneAt) },
          { label: <Trans>Reference</Trans>, value: <span className="mono">{result.transferId}</span> },
        ]}
      />
      <button type="button" className="button button--primary button--block" onClick={onClose}>
        <Trans>Done</Trans>
      </button>
    </div>
  );
}
