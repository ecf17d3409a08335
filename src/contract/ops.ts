/**
 * The operator's own session in the back office: who is signed in. Login
 * answers a token only (the same call as a member's), so the SPA's ops area
 * asks this to know the operator's role, e.g. whether to show the canned
 * reply editing that only an admin may do.
 */
import * as v from 'valibot';
import { OPERATOR_ROLES } from './api.ts';

export const OperatorMeResponse = v.object({
  id: v.string(),
  name: v.string(),
  role: v.picklist(OPERATOR_ROLES),
});
export type OperatorMe = v.InferOutput<typeof OperatorMeResponse>;
