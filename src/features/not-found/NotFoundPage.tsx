import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import { BrandMark } from '../ui/BrandMark.tsx';

/** Any path the route table does not know (spec 2). */
export function NotFoundPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Page Not Found`);
  return (
    <main id="main" tabIndex={-1} className="standalone">
      <div className="card card--center stack">
        <BrandMark size={48} />
        <p className="big-code" aria-hidden="true">
          404
        </p>
        <h1>
          <Trans>Page Not Found</Trans>
        </h1>
        <p className="muted">
          <Trans>The address may be mistyped, or the page has moved.</Trans>
        </p>
        <Link to="/" className="button button--primary">
          <Trans>Go to the start page</Trans>
        </Link>
      </div>
    </main>
  );
}
