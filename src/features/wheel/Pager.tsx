/** Previous and next for a short list (the coupons, 3 a page; the spins, 10 a page): "Page 1 of 3" between, 44 px targets. */
import { Trans, useLingui } from '@lingui/react/macro';
import { ChevronLeftIcon, ChevronRightIcon } from '../ui/member-icons.tsx';

interface Props {
  page: number;
  pages: number;
  /** Names the list the pages belong to. */
  label: string;
  disabled?: boolean;
  onPage: (page: number) => void;
}

export function Pager({ page, pages, label, disabled = false, onPage }: Props) {
  const { t } = useLingui();
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="icon-button icon-button--outlined"
        aria-label={t`Previous page`}
        disabled={disabled || page <= 1}
        onClick={() => onPage(page - 1)}
      >
        <ChevronLeftIcon size={22} />
      </button>
      <span className="small muted" aria-live="polite">
        <Trans>
          Page {page} of {pages}
        </Trans>
      </span>
      <button
        type="button"
        className="icon-button icon-button--outlined"
        aria-label={t`Next page`}
        disabled={disabled || page >= pages}
        onClick={() => onPage(page + 1)}
      >
        <ChevronRightIcon size={22} />
      </button>
    </nav>
  );
}
