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
 *   guard  succeeded           (shared/answer.ts)
 *   action clearError, showFailure ({ message })
 *   action signedIn            (the view's: hands the token on; its params from `signedInParams`)
 *
 * The machines stay two: the members' login page ships its machine in its
 * first chunk, which must not carry the operators' fields.
 */
import { onAnswer } from './answer.ts';

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
          ...onAnswer({ target: 'done', action: 'signedIn', params: form.signedInParams }, { target: 'editing', action: 'showFailure' }),
        },
      },
      done: {
        type: 'final',
        tags: 'done',
      },
    },
  } as const;
}
