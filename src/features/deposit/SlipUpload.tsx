/**
 * The transfer slip upload of the deposit modal (spec 2 'Slip upload
 * (multipart, 5-minute timeout)'; docs/decisions/0030-slip-upload-in-the-spa.md), driven by
 * slipUploadMachine, which the deposit machine runs: pick an image, send it
 * with a progress bar (cancel aborts the request), then 'received, we will
 * check it', 'credited' (the bank confirmed the transfer at once,
 * docs/decisions/0137-slip-verification.md) or the reason it was not taken
 * (spec 8). The file type is only a hint to the picker: the server checks
 * the content.
 */
import { useId, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import { SLIP_FIELD } from '../../contract/deposit.ts';
import type { slipUploadMachine } from '../../../machines/slip-upload/slip-upload.machine.ts';
import { bcp47, currentLocale } from '../../i18n/locale.ts';
import { MessageText, preloadMessageTexts } from '../errors/message-text.tsx';
import { ResultMark } from '../money/money-parts.tsx';
import { formatMoney } from '../ui/money.ts';
import { ErrorLine } from '../ui/Form.tsx';

type SlipUploadRef = ActorRefFrom<typeof slipUploadMachine>;

/** What the picker offers; the server decides by the content (JPEG, PNG or WebP). */
const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp';

/** A file's size for people: '820 KB', '2.4 MB', in the member's language. */
function fileSize(bytes: number): string {
  const megabytes = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(bcp47(currentLocale()), {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(bytes / (megabytes ? 1024 * 1024 : 1024));
}

export function SlipUpload({ machine }: { machine: SlipUploadRef }) {
  const headingId = useId();
  const step = useSelector(machine, (snapshot) =>
    (['picking', 'busy', 'received', 'credited', 'failed'] as const).find((tag) => snapshot.hasTag(tag)),
  );

  return (
    <section className="stack slip-upload" aria-labelledby={headingId}>
      <h3 id={headingId} className="deposit__heading">
        <Trans>Upload your transfer slip</Trans>
      </h3>
      {step === 'picking' && <SlipPicker machine={machine} />}
      {step === 'busy' && <SlipProgress machine={machine} />}
      {step === 'received' && <SlipReceived machine={machine} />}
      {step === 'credited' && <SlipCredited machine={machine} />}
      {step === 'failed' && <SlipFailed machine={machine} />}
    </section>
  );
}

/** The file input, hidden behind a button-sized label (44 px) that opens the picker. */
function FileButton({ machine, primary, children }: { machine: SlipUploadRef; primary: boolean; children: ReactNode }) {
  const inputId = useId();
  return (
    <>
      <input
        id={inputId}
        type="file"
        name={SLIP_FIELD}
        accept={ACCEPTED_TYPES}
        className="visually-hidden"
        onChange={(event) => {
          preloadMessageTexts();
          machine.send({ type: 'slip.pick', file: event.target.files?.[0] ?? null });
          // The same file picked again after a failure still counts as a pick.
          event.target.value = '';
        }}
      />
      <label htmlFor={inputId} className={`button button--block ${primary ? 'button--primary' : 'button--secondary'}`}>
        {children}
      </label>
    </>
  );
}

function SlipPicker({ machine }: { machine: SlipUploadRef }) {
  const errorId = useId();
  const file = useSelector(machine, (snapshot) => snapshot.context.file);
  const error = useSelector(machine, (snapshot) => snapshot.context.error);
  return (
    <div className="stack">
      <p className="small muted">
        <Trans>A photo or screenshot of the slip (JPEG, PNG or WebP, up to 10 MB).</Trans>
      </p>
      {file && (
        <p className="slip-upload__file">
          <span className="slip-upload__name">{file.name}</span>
          <span className="small muted">{fileSize(file.size)}</span>
        </p>
      )}
      <FileButton machine={machine} primary={file === null}>
        {file ? <Trans>Choose another file</Trans> : <Trans>Choose slip image</Trans>}
      </FileButton>
      <ErrorLine id={errorId}>{error ? <MessageText message={error} /> : null}</ErrorLine>
      <button
        type="button"
        className={`button button--block ${file ? 'button--primary' : 'button--secondary'}`}
        aria-describedby={error ? errorId : undefined}
        onClick={() => {
          preloadMessageTexts();
          machine.send({ type: 'slip.send' });
        }}
      >
        <Trans>Upload slip</Trans>
      </button>
    </div>
  );
}

function SlipProgress({ machine }: { machine: SlipUploadRef }) {
  const { t } = useLingui();
  const progress = useSelector(machine, (snapshot) => snapshot.context.progress);
  const name = useSelector(machine, (snapshot) => snapshot.context.file?.name ?? '');
  const percent = Math.round(progress * 100);
  return (
    <div className="stack">
      <p className="slip-upload__file">
        <span className="slip-upload__name">{name}</span>
        <span className="small muted">{percent < 100 ? <Trans>Uploading… {percent}%</Trans> : <Trans>Checking the slip…</Trans>}</span>
      </p>
      <div
        className="progress"
        role="progressbar"
        aria-label={t`Slip upload`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span className="progress__bar" style={{ width: `${percent}%` }} />
      </div>
      <button type="button" className="button button--secondary button--block" onClick={() => machine.send({ type: 'slip.cancel' })}>
        <Trans>Cancel upload</Trans>
      </button>
    </div>
  );
}

function SlipReceived({ machine }: { machine: SlipUploadRef }) {
  return (
    <div className="stack money-result">
      <ResultMark success />
      <p className="money-result__title" role="status">
        <Trans>Slip received</Trans>
      </p>
      <p>
        <Trans>We will check it and credit your wallet. You can follow it under Statement → Slip uploads.</Trans>
      </p>
      <AnotherSlip machine={machine} />
    </div>
  );
}

/** The bank confirmed the transfer at once: only baht slips are credited so (docs/decisions/0137-slip-verification.md). */
function SlipCredited({ machine }: { machine: SlipUploadRef }) {
  const amount = useSelector(machine, ({ context }) => context.slip?.amount ?? 0);
  return (
    <div className="stack money-result">
      <ResultMark success />
      <p className="money-result__title" role="status">
        <Trans>Deposit credited</Trans>
      </p>
      <p>
        <Trans>The bank confirmed your transfer: {formatMoney(amount, 'BAHT')} is in your wallet.</Trans>
      </p>
      <AnotherSlip machine={machine} />
    </div>
  );
}

function AnotherSlip({ machine }: { machine: SlipUploadRef }) {
  return (
    <button type="button" className="button button--secondary button--block" onClick={() => machine.send({ type: 'slip.another' })}>
      <Trans>Upload another slip</Trans>
    </button>
  );
}

function SlipFailed({ machine }: { machine: SlipUploadRef }) {
  const error = useSelector(machine, (snapshot) => snapshot.context.error);
  return (
    <div className="stack money-result">
      <ResultMark success={false} />
      <p className="money-result__title">
        <Trans>The slip was not taken</Trans>
      </p>
      <p role="alert">{error ? <MessageText message={error} /> : null}</p>
      <button
        type="button"
        className="button button--primary button--block"
        onClick={() => {
          preloadMessageTexts();
          machine.send({ type: 'slip.retry' });
        }}
      >
        <Trans>Try again</Trans>
      </button>
      <FileButton machine={machine} primary={false}>
        <Trans>Choose another file</Trans>
      </FileButton>
    </div>
  );
}
