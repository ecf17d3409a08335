/**
 * The statement's slip modal (spec 2 Statement: "an upload-status button
 * opens a slip modal"; spec 7 POST /api/statement/slip and GET
 * /api/statement/slip/reference/{reference}; spec 9: 10 per page, 3 page
 * links before and 1 after). Each slip shows its received time, amount (a
 * dash until one is credited), status with the reason (spec 8) and a link to
 * its image. Read by the statement machine, which also reads the statement;
 * a refused read is silently ignored (spec 7), one without an answer waits
 * and reads again by itself (docs/decisions/0146-reads-that-wait.md); an image without a link of its
 * own is asked for by machines/slip-image. A chunk of its own.
 *
 * Rows are stacked cards rather than a table: four columns do not fit a
 * 360 px phone without scrolling sideways (docs/product/ui.md).
 */
import { useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SlipItem } from '../../contract/deposit.ts';
import { slipImageActors } from '../../../machines/slip-image/slip-image.actors.ts';
import { slipImageMachine } from '../../../machines/slip-image/slip-image.machine.ts';
import { slipPagesActors } from '../../../machines/statement/statement.actors.ts';
import { STATEMENT_PAGE_SIZE, statementMachine } from '../../../machines/statement/statement.machine.ts';
import type * as v from 'valibot';
import { useApi } from '../../app/use-app.ts';
import { useBackOnline } from '../ui/use-back-online.ts';
import { loadMessageText, MessageText } from '../errors/message-text.tsx';
import { memberCurrency } from '../ui/currency.ts';
import { formatDateTime } from '../ui/date-time.ts';
import { ExternalIcon } from '../ui/action-icons.tsx';
import { Modal } from '../ui/Modal.tsx';
import { formatMoney, type Currency } from '../ui/money.ts';
import { showErrorToast } from '../ui/toast.ts';
import { Pagination, type PageLink } from './Pagination.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { pageCount, statusKind } from './statement-rules.ts';

type Slip = v.InferOutput<typeof SlipItem>;
type SlipImageRef = ActorRefFrom<typeof slipImageMachine>;

/**
 * The slip image machine with the window it opens: opened in the tap (one
 * opened after an await is blocked as a pop-up), sent to the image when the
 * address arrives, closed when none does.
 */
function useSlipImages(): SlipImageRef {
  const api = useApi();
  const opened = useRef<Window | null>(null);
  return useActorRef(
    slipImageMachine.provide({
      actors: slipImageActors(api),
      actions: {
        openWindow: () => {
          opened.current = window.open('', '_blank');
          if (opened.current) opened.current.opener = null;
        },
        showImage: (_, { url }) => {
          if (opened.current) opened.current.location.href = url;
          else window.location.assign(url);
          opened.current = null;
        },
        closeWindow: () => {
          opened.current?.close();
          opened.current = null;
        },
        showFailure: (_, { message }) => void loadMessageText(message).then((text) => showErrorToast(text)),
      },
    }),
  );
}

export default function SlipModal({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  const api = useApi();
  const slips = useActorRef(
    statementMachine.provide({
      actors: slipPagesActors(api),
      actions: {
        // spec 7: failed loads of slips are silently ignored.
        logFailure: (_, { message }) => console.warn(`slips: read failed (${message})`),
      },
    }),
    { input: { page: 1 } },
  );
  useBackOnline(() => slips.send({ type: 'read.online' }));
  const images = useSlipImages();
  // The machine keeps rows untyped; this view's loadPage gives slips.
  const rows = useSelector(slips, (snapshot) => snapshot.context.rows as Slip[]);
  const page = useSelector(slips, (snapshot) => snapshot.context.page);
  const total = useSelector(slips, (snapshot) => snapshot.context.total);
  const shownPage = useSelector(slips, (snapshot) => snapshot.context.shownPage);
  const loading = useSelector(slips, (snapshot) => snapshot.hasTag('loading'));
  // A slow first page, or one waiting for the network with nothing read yet (the machine tags both).
  const skeleton = useSelector(slips, (snapshot) => snapshot.hasTag('skeleton'));
  const currency = memberCurrency(useSelector(slips, (snapshot) => snapshot.context.currency));
  const last = pageCount(total, STATEMENT_PAGE_SIZE);
  const show = (wanted: number) => slips.send({ type: 'statement.page', page: wanted });

  const pageLink: PageLink = (target, props, isCurrent) => (
    <button type="button" aria-current={isCurrent ? 'page' : undefined} onClick={() => show(target)} {...props} />
  );

  let body;
  if (skeleton || (loading && shownPage === null)) {
    body = (
      <div className={`slip-list${skeleton ? '' : ' statement-list--quiet'}`} aria-busy="true">
        <span className="visually-hidden">
          <Trans>Loading…</Trans>
        </span>
        {[0, 1, 2].map((row) => (
          <div key={row} className="skeleton slip-card__placeholder" aria-hidden="true" />
        ))}
      </div>
    );
  } else if (rows.length > 0) {
    body = (
      <ul className="slip-list" aria-busy={loading}>
        {rows.map((slip, index) => (
          <SlipCard key={`${slip.createdAt}-${slip.reference}-${index}`} slip={slip} currency={currency} images={images} />
        ))}
      </ul>
    );
  } else {
    body = (
      <p className="card card--center muted">
        <Trans>No slips uploaded yet. Slips you upload in the deposit window show here with their status.</Trans>
      </p>
    );
  }

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={<Trans>Slip uploads</Trans>}>
      <div className="stack">
        <div className="slip-modal__bar">
          <button type="button" className="button button--ghost" disabled={loading} onClick={() => show(page)}>
            <Trans>Refresh</Trans>
          </button>
        </div>
        {body}
        {last > 1 && <Pagination current={page} last={last} label={t`Slip pages`} pageLink={pageLink} />}
      </div>
    </Modal>
  );
}

function SlipCard({ slip, currency, images }: { slip: Slip; currency: Currency; images: SlipImageRef }) {
  const failed = statusKind(slip.status) === 'failure';
  return (
    <li className="slip-card">
      <dl className="slip-card__details">
        <div>
          <dt>
            <Trans>Received</Trans>
          </dt>
          <dd>
            <time dateTime={slip.createdAt}>{formatDateTime(slip.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt>
            <Trans>Amount</Trans>
          </dt>
          {/* spec 2: a dash while nothing was credited. */}
          <dd className="slip-card__amount">{slip.amount > 0 ? formatMoney(slip.amount, currency) : '–'}</dd>
        </div>
        <div>
          <dt>
            <Trans>Status</Trans>
          </dt>
          <dd className="slip-card__status">
            <StatusBadge status={slip.status} />
            {failed && slip.note && (
              <span className="slip-card__reason">
                <MessageText message={slip.note} />
              </span>
            )}
          </dd>
        </div>
      </dl>
      <SlipImageLink slip={slip} images={images} />
    </li>
  );
}

/** spec 7: a slip's own link opens directly; without one the slip image machine asks for it by reference. */
function SlipImageLink({ slip, images }: { slip: Slip; images: SlipImageRef }) {
  const label = <Trans>View image</Trans>;
  if (slip.link) {
    return (
      <a className="button button--secondary slip-card__view" href={slip.link} target="_blank" rel="noopener noreferrer">
        {label}
        <ExternalIcon size={18} />
      </a>
    );
  }
  if (!slip.reference) return null;
  return (
    <button
      type="button"
      className="button button--secondary slip-card__view"
      onClick={() => images.send({ type: 'image.open', reference: slip.reference })}
    >
      {label}
      <ExternalIcon size={18} />
    </button>
  );
}
