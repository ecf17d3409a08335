/**
 * The prize wheel's fairness page (spec 2 Spin wheel; docs/decisions/0100-prize-wheel.md;
 * machines/fairness): the SHA-256 of the server seed the next spins use,
 * published before them; the member's client seed, which they may change;
 * the rotation, which reveals the old seed and commits to a new one; and the
 * spins, 10 a page, with Verify: the machine recomputes every spin whose
 * seed is revealed with the server's own function (src/contract/rules/wheel.ts)
 * and the page shows what it found.
 * A chunk of its own, loaded with its route.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { fairnessActors } from '../../../machines/fairness/fairness.actors.ts';
import { fairnessMachine, historyPageCount } from '../../../machines/fairness/fairness.machine.ts';
import type { SpinCheck } from '../../../machines/fairness/verify-spin.ts';
import type { SpinRecord } from '../../contract/rewards.ts';
import { useApi } from '../../app/use-app.ts';
import { MessageText, preloadMessageTexts } from '../errors/message-text.tsx';
import { Field } from '../ui/Field.tsx';
import { AlertIcon, CheckIcon } from '../ui/icons.tsx';
import { BackIcon } from '../ui/action-icons.tsx';
import { formatDateTime } from '../ui/date-time.ts';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import { Skeleton } from '../ui/ReadPending.tsx';
import { Pager } from './Pager.tsx';
import { ShieldIcon } from './wheel-icons.tsx';
import './wheel.css';
import { useBackOnline } from '../ui/use-back-online.ts';

type FairnessActor = ReturnType<typeof useFairness>;

function useFairness() {
  const api = useApi();
  return useActorRef(
    fairnessMachine.provide({
      actors: fairnessActors(api),
      actions: { logFailure: (_, { message }) => console.warn(`fairness: read failed (${message})`) },
    }),
  );
}

export default function FairnessPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Wheel fairness`);
  const machine = useFairness();
  // A page that got no answer is read again when the connection is back (docs/decisions/0146-reads-that-wait.md).
  useBackOnline(() => machine.send({ type: 'read.online' }));
  const loading = useSelector(machine, (snapshot) => snapshot.hasTag('loading'));
  const skeleton = useSelector(machine, (snapshot) => snapshot.hasTag('skeleton'));
  const failed = useSelector(machine, (snapshot) => snapshot.hasTag('failed'));

  return (
    <div className="stack stack--page fairness-page">
      <Link to="/user/home" className="text-link fairness-page__back">
        <BackIcon size={20} />
        <Trans>Back to home</Trans>
      </Link>
      <h1 className="fairness-page__title">
        <ShieldIcon size={26} />
        <Trans>Wheel fairness</Trans>
      </h1>
      <p className="muted">
        <Trans>
          Before you spin, we publish the SHA-256 hash of a secret server seed. Each spin's slice comes from HMAC-SHA256 of that
          seed with your client seed and the spin's number (nonce). When you rotate the seed, we reveal it, and you can check here
          that every spin made with it landed where the seed says.
        </Trans>
      </p>
      {loading ? (
        <section className="card stack" aria-busy="true">
          <Skeleton shapes={['title', 'line', 'input']} quiet={!skeleton} />
        </section>
      ) : failed ? (
        <section className="card stack" role="status">
          <p>
            <Trans>The fairness records could not be loaded.</Trans>
          </p>
          <button type="button" className="button button--primary button--block" onClick={() => machine.send({ type: 'fairness.retry' })}>
            <Trans>Try again</Trans>
          </button>
        </section>
      ) : (
        <>
          <SeedCard machine={machine} />
          <SpinHistory machine={machine} />
        </>
      )}
    </div>
  );
}

function SeedCard({ machine }: { machine: FairnessActor }) {
  const { t } = useLingui();
  const fairness = useSelector(machine, (snapshot) => snapshot.context.fairness);
  const draft = useSelector(machine, (snapshot) => snapshot.context.seedDraft);
  const seedError = useSelector(machine, (snapshot) => snapshot.context.seedError);
  const error = useSelector(machine, (snapshot) => snapshot.context.error);
  const busy = useSelector(machine, (snapshot) => snapshot.hasTag('busy'));
  const idle = useSelector(machine, (snapshot) => snapshot.hasTag('ready'));
  // The machine says whether saving would do anything (not the seed saved already, not while busy).
  const canSave = useSelector(machine, (snapshot) => snapshot.can({ type: 'seed.save' }));
  if (!fairness) return null;
  const nonce = fairness.nonce;

  return (
    <section className="card stack" aria-labelledby="seed-title">
      <h2 id="seed-title" className="fairness-page__subtitle">
        <Trans>Your current seeds</Trans>
      </h2>
      <dl className="details">
        <div className="details__row">
          <dt>
            <Trans>Server seed hash (SHA-256)</Trans>
          </dt>
          <dd className="hash">{fairness.seedHash}</dd>
        </div>
        <div className="details__row">
          <dt>
            <Trans>Next spin's nonce</Trans>
          </dt>
          <dd>{nonce}</dd>
        </div>
      </dl>

      <form
        className="stack seed-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          preloadMessageTexts();
          machine.send({ type: 'seed.save' });
        }}
      >
        <Field
          label={<Trans>Client seed</Trans>}
          value={draft}
          onValueChange={(value) => machine.send({ type: 'seed.change', value })}
          hint={<Trans>1 to 64 letters, digits or _ . : -</Trans>}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
          invalid={seedError !== null}
          errorId="seed-error"
        />
        {seedError && (
          <p id="seed-error" className="error-text" role="alert">
            {seedError === 'KEY_INVALID' ? (
              <Trans>Use 1 to 64 letters, digits or _ . : - only.</Trans>
            ) : (
              <MessageText message={seedError} />
            )}
          </p>
        )}
        <button type="submit" className="button button--secondary button--block" disabled={!canSave}>
          <Trans>Save client seed</Trans>
        </button>
      </form>

      <div className="stack rotate">
        <p className="small muted">
          <Trans>Rotating reveals the server seed above, so you can check the spins made with it, and starts a new secret seed.</Trans>
        </p>
        <button
          type="button"
          className="button button--primary button--block"
          disabled={!idle}
          aria-describedby={error ? 'rotate-error' : undefined}
          onClick={() => {
            preloadMessageTexts();
            machine.send({ type: 'seed.rotate' });
          }}
        >
          {busy ? <Trans>Please wait…</Trans> : <Trans>Reveal this seed and start a new one</Trans>}
        </button>
        {error && (
          <p id="rotate-error" className="error-text" role="alert">
            <MessageText message={error} />
          </p>
        )}
      </div>

      {fairness.previous && (
        <dl className="details revealed" aria-label={t`Last revealed seed`}>
          <div className="details__row">
            <dt>
              <Trans>Revealed server seed</Trans>
            </dt>
            <dd className="hash">{fairness.previous.serverSeed}</dd>
          </div>
          <div className="details__row">
            <dt>
              <Trans>Its hash, published before its spins</Trans>
            </dt>
            <dd className="hash">{fairness.previous.seedHash}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

function SpinHistory({ machine }: { machine: FairnessActor }) {
  const { t } = useLingui();
  const spins = useSelector(machine, (snapshot) => snapshot.context.spins);
  const total = useSelector(machine, (snapshot) => snapshot.context.total);
  const page = useSelector(machine, (snapshot) => snapshot.context.shownPage);
  const checks = useSelector(machine, (snapshot) => snapshot.context.checks);
  const idle = useSelector(machine, (snapshot) => snapshot.hasTag('ready'));
  const pageLoading = useSelector(machine, (snapshot) => snapshot.hasTag('pageLoading'));

  return (
    <section className="card stack" aria-labelledby="history-title" aria-busy={pageLoading || undefined}>
      <div className="history-head">
        <h2 id="history-title" className="fairness-page__subtitle">
          <Trans>Your spins</Trans>
        </h2>
        {spins.length > 0 && (
          <button type="button" className="button button--secondary" disabled={!idle} onClick={() => machine.send({ type: 'history.verify' })}>
            <CheckIcon size={20} />
            <Trans>Verify</Trans>
          </button>
        )}
      </div>
      {spins.length === 0 ? (
        <p className="small muted">
          <Trans>No spins yet.</Trans>
        </p>
      ) : (
        <ul className="spin-list">
          {spins.map((spin, index) => (
            <SpinRow key={spin._id} spin={spin} check={checks?.[index] ?? null} />
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pages={historyPageCount(total)}
        label={t`Spin pages`}
        disabled={!idle}
        onPage={(next) => machine.send({ type: 'history.page', page: next })}
      />
    </section>
  );
}

function SpinRow({ spin, check }: { spin: SpinRecord; check: SpinCheck | null }) {
  const nonce = spin.nonce;
  const clientSeed = spin.clientSeed;
  return (
    <li className="spin-row">
      <div className="spin-row__head">
        <span className="spin-row__label">{spin.label}</span>
        <span className="small muted">{formatDateTime(spin.createdAt)}</span>
      </div>
      <p className="small muted spin-row__seeds">
        <Trans>
          Nonce {nonce} · client seed {clientSeed}
        </Trans>
      </p>
      <p className="small hash">{spin.seedHash}</p>
      {check && <SpinCheckBadge check={check} />}
    </li>
  );
}

function SpinCheckBadge({ check }: { check: SpinCheck }) {
  switch (check) {
    case 'match':
      return (
        <p className="spin-check spin-check--match">
          <CheckIcon size={18} />
          <Trans>Verified: the revealed seed gives this slice.</Trans>
        </p>
      );
    case 'unrevealed':
      return (
        <p className="spin-check spin-check--waiting">
          <Trans>Not revealed yet: rotate the seed to check this spin.</Trans>
        </p>
      );
    case 'mismatch':
      return (
        <p className="spin-check spin-check--mismatch">
          <AlertIcon size={18} />
          <Trans>Does not match: the revealed seed gives another slice. Contact us.</Trans>
        </p>
      );
  }
}
