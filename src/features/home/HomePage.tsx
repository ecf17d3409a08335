/** Member home, walking-skeleton version: a greeting and a wallet-coming-soon card. */
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useApiQuery } from '../ui/use-api-query.ts';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import { ProfileIcon, WalletIcon } from '../ui/member-icons.tsx';

export function HomePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Home`);
  // spec 7: a failed profile load is silently ignored; the greeting just has no name.
  const profile = useApiQuery('profileGet');
  const name = profile.data?.profile.name;

  return (
    <div className="stack stack--page">
      <section className="card hero-card">
        <p className="hero-card__hello">
          <Trans>Hello</Trans>
        </p>
        {name ? (
          <h1 className="hero-card__name">{name}</h1>
        ) : profile.status === 'loading' ? (
          <div className="skeleton skeleton--title" aria-hidden="true" />
        ) : (
          <h1 className="hero-card__name">
            <Trans>Welcome</Trans>
          </h1>
        )}
      </section>
      <section className="card stack" aria-labelledby="wallet-soon-title">
        <div className="card__icon-row">
          <span className="placeholder-icon">
            <WalletIcon size={32} />
          </span>
          <h2 id="wallet-soon-title">
            <Trans>Your wallet arrives soon</Trans>
          </h2>
        </div>
        <p className="muted">
          <Trans>
            Balance, deposits, transfers and withdrawals will appear here in the next update. Your account is ready.
          </Trans>
        </p>
        <Link to="/user/profile" className="button button--secondary">
          <ProfileIcon size={20} />
          <Trans>See my profile</Trans>
        </Link>
      </section>
    </div>
  );
}
