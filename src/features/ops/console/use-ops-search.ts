/**
 * A console table's filters, sort and page in the address (UI.md: a view
 * can be bookmarked and sent to another operator). The search params are
 * read as the strings they are in the address and checked with the
 * contract's query schema, the one the server checks them with, so what the
 * page asks is what the server takes; an address it refuses shows the
 * defaults. Writing merges into the address; an empty value leaves it.
 */
import { useNavigate, useSearch } from '@tanstack/react-router';
import * as v from 'valibot';

type QuerySchema = v.GenericSchema<Record<string, string>, Record<string, unknown>>;

/** The router parses values as JSON (page=2 is the number 2); the contract's schemas read strings. */
function asStrings(search: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(search)
      .filter(([, value]) => value !== undefined && value !== null && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}

/** The schema's values for an empty address (every query schema accepts `{}`). */
function defaults<TSchema extends QuerySchema>(schema: TSchema): v.InferOutput<TSchema> {
  const parsed = v.safeParse(schema, {});
  if (!parsed.success) throw new Error('a query schema must accept an empty address');
  return parsed.output;
}

export function useOpsSearch<TSchema extends QuerySchema>(schema: TSchema) {
  const raw = asStrings(useSearch({ strict: false }) as Record<string, unknown>);
  const navigate = useNavigate();
  const parsed = v.safeParse(schema, raw);
  const search: v.InferOutput<TSchema> = parsed.success ? parsed.output : defaults(schema);

  /** What the server is asked: the address's own strings, when they passed the schema. */
  const query = parsed.success ? raw : {};

  /** Changes some params; any change of a filter goes back to page 1 unless a page is given. */
  function setSearch(patch: Record<string, string | number | undefined>, { replace = false } = {}) {
    void navigate({
      to: '.',
      replace,
      search: (previous: Record<string, unknown>) => {
        const next: Record<string, unknown> = { ...previous, page: undefined, ...patch };
        for (const key of Object.keys(next)) if (next[key] === '' || next[key] === undefined) delete next[key];
        if (next.page === 1 || next.page === '1') delete next.page;
        return next;
      },
    } as never);
  }

  return { search, query, setSearch };
}
