/**
 * What a read that went wrong logs (spec 7: failed reads are only logged):
 * params mappers for a logFailure action. A module of their own, apart from
 * actors.ts, so that the login entry does not carry them.
 */
import { failureMessage, NETWORK_ERROR, type Result } from './result.ts';

/** The read answered with a failure: the server's code. */
export function answeredFailure({ event }: { event: { output: Result<unknown> } }): { message: string } {
  return { message: failureMessage(event.output) };
}

/** No answer came. */
export function noAnswer(): { message: string } {
  return { message: NETWORK_ERROR };
}
