/**
 * The failed ends' params mappers (spec 7: failed reads are only logged)
 * live in answer.ts, beside the triad that uses them: one module, so that
 * the many lazy chunks with machines share one chunk for both rather than
 * two (each a name /login's first chunk lists). Re-exported here for the
 * machines that import them from this module.
 */
export { answeredFailure, noAnswer } from './answer.ts';
