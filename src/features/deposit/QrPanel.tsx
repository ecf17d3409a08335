/**
 * Deposit by QR code (spec 2, spec 5 QR create), driven by depositQrMachine:
 * one provider child (KBANK QR, WW, E2P) each, all running while the modal
 * is open, so each restores its open QR, counts down and watches for the
 * payment even when another provider is shown; the machine makes the others
 * read again when one creates a QR (spec 2) and tells the deposit machine of
 * a payment.
 */
import { useId, useState, type CSSProperties } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import { QR_IGNORED_BELOW, QR_PROVIDERS, QR_QUICK_AMOUNTS, type DepositLookupResponse, type QrProvider } from '../../contract/deposit.ts';
import type { depositQrMachine } from '../../../machines/deposit-qr/deposit-qr.machine.ts';
import { qrCountdownMachine } from '../../../machines/qr-countdown/qr-countdown.machine.ts';
import { countdownText, createDisabled } from '../../../machines/qr-countdown/qr-countdown.selectors.ts';
import { qrImageActors } from '../../../machines/qr-image/qr-image.actors.ts';
import { qrImageMachine } from '../../../machines/qr-image/qr-image.machine.ts';
import { MessageText } from '../errors/message-text.tsx';
import { Field } from '../ui/Field.tsx';
import { formatMoney, type Currency } from '../ui/money.ts';
import { CallButton, ResultMark } from '../money/money-parts.tsx';
import { formatClockTime } from '../ui/date-time.ts';
import { sanitizeQrSvg } from './qr-markup.ts';
import { FRAME_COLOURS, FRAME_HEADER, frameFileName, frameImage, type FrameText } from './qr-frame.ts';
import { saveImage } from './save-image.ts';
import { ErrorLine, Form } from '../ui/Form.tsx';

type QrRef = ActorRefFrom<typeof qrCountdownMachine>;

/** The providers' names on their tabs (spec 2). Product codes: the same in every language. */
const PROVIDER_LABELS: Record<QrProvider, string> = { KBANK: 'KBANK QR', WW: 'WW', E2P: 'E2P' };


export function QrPanel({
  machine,
  lookup,
  currency,
  shown: panelShown,
}: {
  /** The QR payments, as the deposit machine runs them. */
  machine: ActorRefFrom<typeof depositQrMachine>;
  lookup: DepositLookupResponse | null;
  currency: Currency;
  /** The panel is on screen (the modal keeps it mounted, hidden, while another way is chosen). */
  shown: boolean;
}) {
  const { t } = useLingui();
  const providers = useSelector(machine, (snapshot) => snapshot.children);

  // The providers the operator takes payments on; all of them when the lookup failed.
  const listed = QR_PROVIDERS.filter((provider) => !lookup || lookup.banks.some((bank) => bank.bankCode === provider));
  const [chosen, setChosen] = useState<QrProvider | undefined>(listed[0]);
  const shown = chosen && listed.includes(chosen) ? chosen : listed[0];
  const groupName = useId();

  if (!shown) {
    return (
      <p className="muted">
        <Trans>QR payments are not available right now. Use a bank transfer or a TrueMoney link.</Trans>
      </p>
    );
  }

  return (
    <div className="stack">
      <p className="small">
        {lookup ? (
          <Trans>A QR code is valid for one deposit, within {lookup.qrMinutes} minutes. Pay it with your banking app.</Trans>
        ) : (
          <Trans>A QR code is valid for one deposit, for a few minutes. Pay it with your banking app.</Trans>
        )}
      </p>
      {listed.length > 1 && (
        <fieldset className={`segmented segmented--${listed.length === 3 ? 'three' : 'two'}`}>
          <legend className="visually-hidden">{t`QR provider`}</legend>
          {listed.map((provider) => (
            <label key={provider} className="segmented__option">
              <input type="radio" name={groupName} checked={shown === provider} onChange={() => setChosen(provider)} />
              <span>{PROVIDER_LABELS[provider]}</span>
            </label>
          ))}
        </fieldset>
      )}
      {listed.map((provider) => (
        <div key={provider} hidden={provider !== shown}>
          <QrProviderView machine={providers[provider]!} label={PROVIDER_LABELS[provider]} currency={currency} shown={panelShown && provider === shown} />
        </div>
      ))}
    </div>
  );
}

function QrProviderView({ machine, label, currency, shown }: { machine: QrRef; label: string; currency: Currency; shown: boolean }) {
  const step = useSelector(machine, (snapshot) =>
    (['loading', 'none', 'open', 'discarded', 'paid'] as const).find((tag) => snapshot.hasTag(tag)),
  );
  const openQrId = useSelector(machine, (snapshot) => snapshot.context.qr?.qrcodeId);
  switch (step) {
    case 'none':
      return <QrAmountForm machine={machine} label={label} currency={currency} />;
    case 'open':
      return <OpenQr key={openQrId} machine={machine} label={label} currency={currency} shown={shown} />;
    case 'discarded':
      return <DiscardedQr machine={machine} />;
    case 'paid':
      return <PaidQr machine={machine} currency={currency} />;
    default:
      return <div className="skeleton deposit-qr__placeholder" aria-busy="true" />;
  }
}

function QrAmountForm({ machine, label, currency }: { machine: QrRef; label: string; currency: Currency }) {
  const errorId = useId();
  const context = useSelector(machine, (snapshot) => snapshot.context);
  const busy = useSelector(machine, (snapshot) => snapshot.hasTag('busy'));
  const { provider, amount, minimum, maximum, error } = context;
  const lowest = formatMoney(Math.max(minimum, QR_IGNORED_BELOW), currency);
  return (
    <Form onSubmit={() => machine.send({ type: 'qr.create' })}>
      <Field
        label={<Trans>Amount</Trans>}
        name={`qr-amount-${provider}`}
        inputMode="decimal"
        autoComplete="off"
        enterKeyHint="done"
        value={amount}
        onValueChange={(value) => machine.send({ type: 'amount.change', value })}
        // spec 5: below 1 a create is ignored, whatever the button allows.
        hint={
          maximum === null ? (
            <Trans>Minimum {lowest}</Trans>
          ) : (
            <Trans>
              Minimum {lowest} · maximum {formatMoney(maximum, currency)}
            </Trans>
          )
        }
        errorId={errorId}
        invalid={error !== null}
        disabled={busy}
      />
      <div className="deposit-quick" role="group" aria-label={label}>
        {QR_QUICK_AMOUNTS[provider].map((quick) => (
          <button
            key={quick}
            type="button"
            className="button button--secondary deposit-quick__amount"
            aria-pressed={amount === String(quick)}
            disabled={busy}
            onClick={() => machine.send({ type: 'amount.quick', amount: quick })}
          >
            {formatMoney(quick, currency)}
          </button>
        ))}
      </div>
      <ErrorLine id={errorId}>{error ? <MessageText message={error} /> : null}</ErrorLine>
      <button type="submit" className="button button--primary button--block" disabled={busy || createDisabled(context)}>
        {busy ? <Trans>Creating the QR code…</Trans> : <Trans>Create QR code</Trans>}
      </button>
    </Form>
  );
}

/** `shown`: this provider is the one on screen; only its picture is drawn (the others' when the member turns to them). */
function OpenQr({ machine, label, currency, shown }: { machine: QrRef; label: string; currency: Currency; shown: boolean }) {
  const { t, i18n } = useLingui();
  const qr = useSelector(machine, (snapshot) => snapshot.context.qr);
  const secondsLeft = useSelector(machine, (snapshot) => snapshot.context.secondsLeft);
  const error = useSelector(machine, (snapshot) => snapshot.context.error);
  const busy = useSelector(machine, (snapshot) => snapshot.hasTag('busy'));
  // The device's time the QR is valid until, fixed when it first shows (the countdown follows the server from there).
  const [validUntil] = useState(() => Date.now() + secondsLeft * 1000);
  if (!qr) return null;
  const until = formatClockTime(validUntil);
  const text: FrameText = {
    amount: formatMoney(qr.amount, currency),
    validUntil: t`Valid until ${until}`,
    receiverLabel: t`Pay to`,
    receiverName: qr.receiverName,
  };
  return (
    <div className="stack deposit-qr">
      {/* The time left first: on a short screen it stays in view above the code. */}
      <p className="deposit-qr__time">
        <Trans>Time left</Trans>{' '}
        <span className="mono deposit-qr__countdown" role="timer">
          {countdownText(secondsLeft)}
        </span>
      </p>
      {/* The frame the saved picture has too (qr-frame.ts), with the server's drawing of the same payload. */}
      <figure className="qr-frame" style={FRAME_STYLE}>
        <figcaption className="qr-frame__band">{FRAME_HEADER}</figcaption>
        <div
          className="qr-frame__code"
          role="img"
          aria-label={t`${label} QR code for ${text.amount}`}
          dangerouslySetInnerHTML={{ __html: sanitizeQrSvg(qr.qrcode) }}
        />
        <div className="qr-frame__text">
          <p className="qr-frame__amount mono">{text.amount}</p>
          <p className="qr-frame__until">{text.validUntil}</p>
          {qr.receiverName && (
            <p className="qr-frame__receiver">
              {text.receiverLabel} <strong>{qr.receiverName}</strong>
            </p>
          )}
        </div>
      </figure>
      {shown && <SaveQrImage key={i18n.locale} payload={qr.payload} text={text} fileName={frameFileName(qr.amount, validUntil)} />}
      <p className="small muted">
        <Trans>Pay exactly this amount in your banking app: save the picture and choose it from your photos in the app's scan, or scan the code from another phone. Your wallet is credited as soon as it is paid.</Trans>
      </p>
      <ErrorLine id={`qr-error-${qr.qrcodeId}`}>{error ? <MessageText message={error} /> : null}</ErrorLine>
      <CallButton className="button button--secondary button--block" disabled={busy} onCall={() => machine.send({ type: 'qr.cancel' })}>
        {busy ? <Trans>Cancelling…</Trans> : <Trans>Cancel QR code</Trans>}
      </CallButton>
    </div>
  );
}

/** The frame's colours as CSS properties, from the one palette the saved picture uses. */
const FRAME_STYLE = {
  '--qr-band': FRAME_COLOURS.band,
  '--qr-on-band': FRAME_COLOURS.onBand,
  '--qr-ground': FRAME_COLOURS.ground,
  '--qr-ink': FRAME_COLOURS.ink,
  '--qr-muted': FRAME_COLOURS.muted,
  '--qr-rule': FRAME_COLOURS.rule,
} as CSSProperties;

/**
 * "Save QR image" (docs/decisions/0087-saving-the-qr-picture.md): the framed QR drawn as a PNG as soon as it
 * shows (in the member's language: a new language draws it again), then
 * offered to the share sheet or downloaded.
 */
function SaveQrImage({ payload, text, fileName }: { payload: string; text: FrameText; fileName: string }) {
  const machine = useActorRef(
    qrImageMachine.provide({
      actors: qrImageActors({ draw: () => frameImage(payload, text, fileName), save: saveImage }),
    }),
  );
  const ready = useSelector(machine, (snapshot) => snapshot.hasTag('ready') && !snapshot.hasTag('busy'));
  const unavailable = useSelector(machine, (snapshot) => snapshot.hasTag('unavailable'));
  const { outcome, failed } = useSelector(machine, (snapshot) => snapshot.context);
  if (unavailable) {
    return (
      <p className="small muted" role="status">
        <Trans>This browser cannot make the picture. Take a screenshot of the QR code instead.</Trans>
      </p>
    );
  }
  return (
    <>
      <button
        type="button"
        className="button button--primary button--block"
        disabled={!ready}
        aria-busy={!ready}
        onClick={() => machine.send({ type: 'image.save' })}
      >
        <Trans>Save QR image</Trans>
      </button>
      <p className="small" role="status">
        {failed ? (
          <Trans>The picture could not be saved. Take a screenshot of the QR code instead.</Trans>
        ) : outcome === 'downloaded' ? (
          <Trans>QR image saved. In your banking app, tap scan and choose this picture.</Trans>
        ) : outcome === 'shared' ? (
          <Trans>QR image shared. Pay it in your banking app.</Trans>
        ) : null}
      </p>
    </>
  );
}

function DiscardedQr({ machine }: { machine: QrRef }) {
  const reason = useSelector(machine, (snapshot) => snapshot.context.discarded);
  return (
    <div className="stack deposit-qr">
      <p className="deposit-qr__gone" role="status">
        {reason === 'cancelled' ? (
          <Trans>You cancelled this QR code. Do not pay it any more.</Trans>
        ) : (
          <Trans>This QR code has expired (00:00). Do not pay it any more.</Trans>
        )}
      </p>
      <button type="button" className="button button--primary button--block" onClick={() => machine.send({ type: 'qr.new' })}>
        <Trans>Make a new QR code</Trans>
      </button>
    </div>
  );
}

function PaidQr({ machine, currency }: { machine: QrRef; currency: Currency }) {
  const amount = useSelector(machine, (snapshot) => snapshot.context.qr?.amount ?? 0);
  return (
    <div className="stack money-result">
      <ResultMark success />
      <p className="money-result__title" role="status">
        <Trans>Payment received</Trans>
      </p>
      <p className="deposit-qr__amount mono">{formatMoney(amount, currency)}</p>
      <p>
        <Trans>It is in your wallet now.</Trans>
      </p>
      <button type="button" className="button button--secondary button--block" onClick={() => machine.send({ type: 'qr.new' })}>
        <Trans>Make another QR code</Trans>
      </button>
    </div>
  );
}
