import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { StatementPage } from '../../../features/statement/StatementPage.tsx';

// ?page= keeps the statement's page in the address, so back and forward move
// between pages and a page can be reloaded (docs/decisions/0028-statement-page.md).
// The router parses '2' as a number; anything unusable means page 1.
const StatementSearch = v.object({
  page: v.fallback(
    v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer(), v.minValue(2), v.maxValue(100_000))),
    undefined,
  ),
});

export const Route = createFileRoute('/_member/user/statement')({
  validateSearch: StatementSearch,
  component: StatementPage,
});
