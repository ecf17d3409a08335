/**
 * Writing an offer in the console (docs/decisions/0130-promotions-console.md):
 * a new bonus or promotion, or a change of one, checked with the contract's
 * BonusDefinition before it is sent, each refusal beside its field. Above
 * the bounds of docs/decisions/0120-offer-bounds.md an offer marketing
 * makes active is saved paused instead, and says it waits for finance.
 */
import type { OperatorRole } from '../../src/contract/api.ts';
import type { BonusDefinition, OpsBonus, OpsOfferBounds } from '../../src/contract/bonus.ts';
import type { Draft, DraftValue, FieldErrors } from '../shared/form-draft.ts';
import type { Result } from '../shared/result.ts';

export interface BonusEditInput {
  /** The offer changed; null: a new one. */
  bonus: OpsBonus | null;
  bounds: OpsOfferBounds;
  role: OperatorRole;
}

export interface BonusEditContext {
  /** The code of the offer changed (the path of PUT /api/ops/bonuses/:code); null: a new one. */
  code: string | null;
  bounds: OpsOfferBounds;
  role: OperatorRole;
  /** The form as typed: BonusDefinition's shape, numbers and times as text. */
  draft: Draft;
  /** The schema's refusals by field path (catalogue codes). */
  errors: FieldErrors;
  /** What will be sent once confirmed (after bonus.check). */
  checked: BonusDefinition | null;
  /** Marketing asked for it active above the bounds: it is saved paused, for finance or an admin to make active. */
  waitsForFinance: boolean;
  /** Why the server refused the save (a catalogue code or NETWORK_ERROR). */
  failure: string | null;
  /** The offer as stored, once saved (the output). */
  saved: OpsBonus | null;
}

export type BonusEditEvent =
  /** A field typed, or a part replaced (the grant of another kind). Clears that field's error. */
  | { type: 'field.change'; path: string; value: DraftValue }
  /** A banner added at the end (at most 10), or one taken away. */
  | { type: 'banner.add' }
  | { type: 'banner.remove'; index: number }
  /** Checks the form; what will be written is then shown to confirm. */
  | { type: 'bonus.check' }
  /** Back to the form from the summary or a refusal. */
  | { type: 'bonus.edit' }
  /** Sends what was checked. */
  | { type: 'bonus.save' };

/** What saveBonus is given: the offer's code when it is a change, and the definition checked. */
export interface BonusSave {
  code: string | null;
  definition: BonusDefinition;
}
export type BonusSaveAnswer = Result<{ bonus: OpsBonus }>;

/** The machine's output once saved: the offer as stored. */
export interface BonusEditOutput {
  bonus: OpsBonus;
}

/**
 * Actor the view provides: saveBonus (BonusSave → BonusSaveAnswer;
 * bonus-edit.actors.ts). Tags: 'editing', 'checked', 'saving', 'refused'.
 */
export type BonusEditTag = 'editing' | 'checked' | 'saving' | 'refused';
