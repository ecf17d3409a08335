/**
 * What a view shows in place of data it is still reading: placeholders in
 * the shapes of what is coming, or, once a read has failed, its failure and
 * a retry (spec 7: the view offers one when it has nothing to show).
 */
import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { MessageText } from '../errors/message-text.tsx';
import type { Read } from './use-read.ts';

type SkeletonShape = 'title' | 'line' | 'short' | 'input' | 'button';

const SHAPES: Record<SkeletonShape, string> = {
  title: 'skeleton skeleton--title',
  line: 'skeleton skeleton--line',
  short: 'skeleton skeleton--line skeleton--short',
  input: 'skeleton skeleton--input',
  button: 'skeleton skeleton--button',
};

/** Placeholders; while `quiet` (spec 9: before the loader delay) they keep their place without showing. */
export function Skeleton({ shapes, quiet = false }: { shapes: readonly SkeletonShape[]; quiet?: boolean }) {
  return shapes.map((shape, index) => (
    <div key={index} className={SHAPES[shape]} aria-hidden="true" style={quiet ? { visibility: 'hidden' } : undefined} />
  ));
}

/**
 * A read's pending states: its failure with a retry, or the skeleton while it
 * is on its way, with `loading` for screen readers (the caller's text: a
 * text here would go to the public catalogue, which /login loads).
 */
export function ReadPending({
  read,
  shapes,
  loading,
}: {
  read: Pick<Read<unknown>, 'failed' | 'failure' | 'retry'>;
  shapes: readonly SkeletonShape[];
  loading?: ReactNode;
}) {
  if (read.failed) {
    return (
      <div className="stack">
        <p role="alert" className="error-text">
          <MessageText message={read.failure ?? ''} />
        </p>
        <button type="button" className="button button--secondary" onClick={read.retry}>
          <Trans>Try again</Trans>
        </button>
      </div>
    );
  }
  return (
    <div className="stack" aria-busy="true">
      {loading && <span className="visually-hidden">{loading}</span>}
      <Skeleton shapes={shapes} />
    </div>
  );
}
