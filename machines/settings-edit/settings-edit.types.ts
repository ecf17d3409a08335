/**
 * A setting edited in the console: read what is live, edit, preview what
 * members will get (the wheel's expected value and return, the HTML as
 * members see it), save. The prize wheel, the invite and refund rules,
 * their banners, the agreements and conditions.
 */
import type { Draft, DraftValue, FieldErrors } from '../shared/form-draft.ts';
import type { Result } from '../shared/result.ts';
import type { SettingsFormId } from './settings-edit.forms.ts';

export interface SettingsEditInput {
  form: SettingsFormId;
}

export interface SettingsEditContext {
  form: SettingsFormId;
  /** The form as typed: the setting's shape, numbers as text. */
  draft: Draft;
  /** The schema's refusals by field path (catalogue codes). */
  errors: FieldErrors;
  /** What the preview shows and a save sends (the contract's value). */
  checked: unknown;
  /** Why the last read or save failed (a catalogue code or NETWORK_ERROR). */
  failure: string | null;
  /** The last save was taken: the form holds what is live now. */
  saved: boolean;
}

export type SettingsEditEvent =
  | { type: 'field.change'; path: string; value: DraftValue }
  /** An item added at the end of the list at `path` (a slice, a banner, a condition), or one taken away. */
  | { type: 'list.add'; path: string; item: DraftValue }
  | { type: 'list.remove'; path: string; index: number }
  /** Checks the form with the contract's schema and shows what members will get. */
  | { type: 'settings.preview' }
  | { type: 'settings.edit' }
  | { type: 'settings.save' }
  /** Reads what is live again (after a failed read). */
  | { type: 'settings.reload' };

/** What the setting's read and write answer: the value as the contract writes it. */
export type SettingsAnswer = Result<unknown>;

/**
 * Actors the view provides: loadSettings (→ SettingsAnswer), saveSettings
 * (value → SettingsAnswer). Tags: 'loading', 'failed', 'editing',
 * 'previewing', 'saving'.
 */
export type SettingsEditTag = 'loading' | 'failed' | 'editing' | 'previewing' | 'saving';
