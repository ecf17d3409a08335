/**
 * The login form's states, which the members' login (machines/login) and the
 * operators' (machines/ops-login) share (spec 2 Login, spec 5 Login): nothing
 * is sent while the phone or password is empty, typing and submitting again
 * are ignored until the server answers, and a refusal or no answer shows in
 * the error line. Spread into a machine whose setup provides, by these names
 * (its types check them):
 *
 *   actor  submitLogin         (the form's credentials) → Result<{ token }>
 *   guard  credentialsFilled   (below)
 *   guard  succeeded           (shared/result.ts)
 *   action clearError, showFailure (the refusal), showNetworkError (no answer)
 *   action signedIn            (the view's: hands the token on; its params from `signedInParams`)
 *
 * The answer's three ends are written out here rather than with onAnswer
 * (shared/answer.ts): the members' login is in /login's first chunk, which
 * has a budget (docs/decisions/0013-login-budget-120-kb.md), and a module it
 * imports ships there whole, onAnswer and its failure mappers with it.
 */
import { actorOutput } from './actors.ts';

/** spec 5: nothing is submitted while either field is empty (a blank phone number counts as empty). */
export function credentialsFilled({ context }: { context: { username: string; password: string } }): boolean {
  return context.username.trim() !== '' && context.password !== '';
}

/** `{ [event]: transition }` of the editing state, beside the submit every form has. */
type EditingEvents = Record<string, { readonly actions: string }>;

export function credentialsForm<const TEditing extends EditingEvents, TInput, TSignedInParams>(form: {
  /** What else the form takes while editing (typing, its own fields). */
  editing: TEditing;
  /** What submitLogin is sent. */
  input: TInput;
  /** The params of the view's signedIn action, from the ok answer. */
  signedInParams: TSignedInParams;
}) {
  return {
    initial: 'editing',
    states: {
      editing: {
        tags: 'editing',
        on: {
          ...form.editing,
          'login.submit': { guard: 'credentialsFilled', target: 'submitting', actions: 'clearError' },
        },
      },
      submitting: {
        tags: 'submitting',
        description: 'Typing and submitting again are ignored until the server answers (no double submit).',
        invoke: {
          id: 'submitLogin',
          src: 'submitLogin',
          input: form.input,
          onDone: [
            { guard: { type: 'succeeded', params: actorOutput }, target: 'done', actions: { type: 'signedIn', params: form.signedInParams } },
            { target: 'editing', actions: { type: 'showFailure', params: actorOutput } },
          ],
          onError: { target: 'editing', actions: 'showNetworkError' },
        },
      },
      done: {
        type: 'final',
        tags: 'done',
      },
    },
  } as const;
}
