/**
 * Profile (spec 2): name, id, created-at, and read-only bank details; the lock
 * button opens the change-password modal. The read machine (machines/read)
 * reads the profile; a failed load is ignored (spec 7): the page keeps its
 * skeleton and a retry.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { groupAccountNumber } from '../../contract/rules/members.ts';
import { formatDateTime } from '../ui/date-time.ts';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import { Skeleton } from '../ui/ReadPending.tsx';
import { useRead } from '../ui/use-read.ts';
import { LockIcon, ProfileIcon } from '../ui/member-icons.tsx';

const ChangePasswordDialog = lazy(() => import('./ChangePasswordDialog.tsx'));

export function ProfilePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Profile`);
  const profile = useRead('profileGet');
  const [changingPassword, setChangingPassword] = useState(false);
  const data = profile.data;
  // spec 9: before the loader delay the skeleton keeps its place without showing.
  const quiet = data === null && !profile.skeleton && !profile.failed;

  return (
    <div className="stack stack--page">
      <section className="card profile-head">
        <span className="avatar" aria-hidden="true">
          <ProfileIcon size={32} />
        </span>
        <div className="profile-head__text">
          {data ? (
            <>
              <h1 className="profile-head__name">{data.profile.name}</h1>
              <p className="muted small">
                <MemberId id={data.profile._id} />
              </p>
            </>
          ) : (
            <>
              <h1 className="visually-hidden">
                <Trans>Profile</Trans>
              </h1>
              <Skeleton shapes={['title', 'short']} quiet={quiet} />
            </>
          )}
        </div>
        <button
          type="button"
          className="icon-button icon-button--outlined"
          aria-label={t`Change password`}
          title={t`Change password`}
          aria-haspopup="dialog"
          onClick={() => setChangingPassword(true)}
        >
          <LockIcon size={22} />
        </button>
      </section>

      <section className="card" aria-labelledby="account-details-title" aria-busy={!data}>
        <h2 id="account-details-title" className="card__title">
          <Trans>Account details</Trans>
        </h2>
        {data ? (
          <dl className="details">
            <Detail label={<Trans>Member since</Trans>}>{formatDateTime(data.profile.createdAt)}</Detail>
            <Detail label={<Trans>Username</Trans>}>{data.profile.username}</Detail>
            <Detail label={<Trans>Bank account name</Trans>}>{data.bankAccount?.bankAccountName ?? '–'}</Detail>
            <Detail label={<Trans>Bank</Trans>}>{data.bankAccount?.bank.nameTH ?? '–'}</Detail>
            <Detail label={<Trans>Account number</Trans>}>
              <span className="mono">{data.bankAccount ? groupAccountNumber(data.bankAccount.bankAccountNo) : '–'}</span>
            </Detail>
          </dl>
        ) : (
          <div className="stack">
            <Skeleton shapes={['line', 'line', 'short']} quiet={quiet} />
            {profile.failed && (
              <button type="button" className="button button--secondary" onClick={profile.retry}>
                <Trans>Try again</Trans>
              </button>
            )}
          </div>
        )}
      </section>

      {changingPassword && (
        <Suspense fallback={null}>
          <ChangePasswordDialog onClose={() => setChangingPassword(false)} />
        </Suspense>
      )}
    </div>
  );
}

function MemberId({ id }: { id: string }) {
  return <Trans>Member ID: {id}</Trans>;
}

function Detail({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <div className="details__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
