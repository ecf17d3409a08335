/**
 * A console read that failed: its reason in the catalogue's words and a
 * retry. `inline` sits in a line above what is still shown (a table kept
 * from the last read); otherwise a card stands in for what could not be read.
 */
import { Trans } from '@lingui/react/macro';
import { MessageText } from '../../errors/message-text.tsx';

export function ReadFailed({ failure, onRetry, inline = false }: { failure: string | null | undefined; onRetry: () => void; inline?: boolean }) {
  const retry = (
    <button type="button" className="button button--secondary" onClick={onRetry}>
      <Trans>Try again</Trans>
    </button>
  );
  return inline ? (
    <p className="form-error" role="alert">
      <MessageText message={failure ?? 'NETWORK_ERROR'} /> {retry}
    </p>
  ) : (
    <div className="card stack" role="alert">
      <p>
        <MessageText message={failure ?? 'NETWORK_ERROR'} />
      </p>
      {retry}
    </div>
  );
}
