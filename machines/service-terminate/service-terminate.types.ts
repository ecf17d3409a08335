/**
 * An admin terminates the service (members' app shows its closed page,
 * /terminated) or resumes it, from the console; a confirmation says what
 * members will see (docs/decisions/0128-members-and-service-in-the-console.md).
 */
import type { ServiceStatus } from '../../src/contract/ops-members.ts';

export interface ServiceTerminateContext {
  /** As the server last said; null before its first answer. */
  status: ServiceStatus | null;
  /** Catalogue code of the last failed read or change. */
  failure: string | null;
}

export type ServiceTerminateEvent =
  /** Asks to terminate when active, to resume when terminated. */
  | { type: 'service.ask' }
  | { type: 'service.confirm' }
  | { type: 'service.cancel' }
  /** Reads the status again after a failed read. */
  | { type: 'service.retry' };

/**
 * Actors the view provides (service-terminate.actors.ts): readService
 * (() → Result<{ status }>), changeService ({ status } → Result<{ status }>).
 * Action the view provides: changed — says it is done (the context's status).
 * Tags: 'loading', 'failed', 'shown', 'confirming', 'saving'.
 */
export type ServiceTerminateTag = 'loading' | 'failed' | 'shown' | 'confirming' | 'saving';
