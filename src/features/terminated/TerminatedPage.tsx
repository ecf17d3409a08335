import { Trans, useLingui } from '@lingui/react/macro';
import { useDocumentTitle } from '../ui/use-document-title.ts';
import { BrandMark } from '../ui/BrandMark.tsx';

/** Shown when the server says the service is gone (spec 2: title 'Page not found'). */
export function TerminatedPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Page not found`);
  return (
    <main id="main" tabIndex={-1} className="standalone">
      <div className="card card--center stack">
        <BrandMark size={48} />
        <h1>
          <Trans>Page not found</Trans>
        </h1>
        <p className="muted">
          <Trans>This service is no longer available.</Trans>
        </p>
      </div>
    </main>
  );
}
