import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { RegistrationPage } from '../../features/registration/RegistrationPage.tsx';
import { rememberInviteCode } from '../../features/registration/invite-code.ts';
import { loadCatalogue } from '../../i18n/locale.ts';

// ?code= carries an invite code (spec 2). The router's search parser turns a
// numeric-looking value into a number, so accept both and keep a string;
// anything unusable is dropped rather than failing the page.
const RegisterSearch = v.object({
  code: v.fallback(
    v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.regex(/^[A-Za-z0-9_-]{1,40}$/))),
    undefined,
  ),
});

export const Route = createFileRoute('/_public/register')({
  validateSearch: RegisterSearch,
  beforeLoad: ({ search }) => {
    if (search.code) rememberInviteCode(search.code);
  },
  // The wizard's texts are a catalogue of their own (lingui.config.ts).
  loader: () => loadCatalogue('registration'),
  component: RegistrationPage,
});
