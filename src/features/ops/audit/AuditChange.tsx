/**
 * What an audit row changed, readable: each field once, "before → after"
 * where both are recorded, only the value where one is; nested values as
 * short JSON. Long texts (an offer's HTML) are cut; the CSV export has them whole.
 */
import { Trans } from '@lingui/react/macro';

const MAX_TEXT = 80;

function text(value: unknown): string {
  const shown = typeof value === 'string' ? value : JSON.stringify(value);
  return shown.length > MAX_TEXT ? `${shown.slice(0, MAX_TEXT - 1)}…` : shown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function AuditChange({ before, after }: { before: unknown; after: unknown }) {
  if (before === null && after === null) return <span className="muted">—</span>;
  if (!isRecord(before) && !isRecord(after)) {
    return (
      <span>
        {before !== null && <>{text(before)} → </>}
        {after !== null && text(after)}
      </span>
    );
  }
  const was = isRecord(before) ? before : {};
  const now = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return (
    <ul className="ops-audit__change">
      {keys.map((key) => {
        const changed = key in was && key in now;
        return (
          <li key={key}>
            <span className="muted">{key}:</span>{' '}
            {changed ? (
              JSON.stringify(was[key]) === JSON.stringify(now[key]) ? (
                text(now[key])
              ) : (
                <>
                  <del>{text(was[key])}</del> → <ins>{text(now[key])}</ins>
                </>
              )
            ) : key in now ? (
              text(now[key])
            ) : (
              <>
                <del>{text(was[key])}</del> <Trans>(removed)</Trans>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}
