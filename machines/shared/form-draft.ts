/**
 * A console form's draft (machines/bonus-edit, machines/settings-edit): the
 * value the contract describes, with its leaves as the inputs hold them
 * (text, on/off), changed by a dot path ('slices.0.prize.type'). Checking
 * turns the texts into the numbers and instants the shape names and runs
 * the contract's own schema, the one the server checks the body with, so a
 * refusal lands on the field at the issue's path before anything is sent.
 */
import * as v from 'valibot';

export type DraftValue = string | boolean | Draft | DraftValue[];
export interface Draft {
  [key: string]: DraftValue;
}

/** Which leaves are not plain text, by their dot path. */
export interface DraftShape {
  /** Numbers, typed as text; a text that is no number stays text, and the schema refuses it at its path. */
  numbers?: readonly RegExp[];
  /** Numbers that may be left empty: empty is null (no cap, no quota). */
  optionalNumbers?: readonly RegExp[];
  /** Instants, as a datetime-local input holds them (the browser's time zone); empty is null. */
  times?: readonly RegExp[];
}

/** Field errors by dot path ('' for a rule of the whole form); the value a catalogue code. */
export type FieldErrors = Record<string, string>;

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

const NUMBER = /^-?\d+(\.\d+)?$/;
const matches = (patterns: readonly RegExp[] | undefined, path: string) => patterns?.some((pattern) => pattern.test(path)) ?? false;
const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`);

/** The local 'YYYY-MM-DDTHH:mm' of an instant, as a datetime-local input shows it. */
function localTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

function leafValue(text: string, path: string, shape: DraftShape): unknown {
  const typed = text.trim();
  if (matches(shape.optionalNumbers, path)) return typed === '' ? null : NUMBER.test(typed) ? Number(typed) : text;
  if (matches(shape.numbers, path)) return NUMBER.test(typed) ? Number(typed) : text;
  if (matches(shape.times, path)) {
    if (typed === '') return null;
    const date = new Date(typed);
    return Number.isNaN(date.getTime()) ? text : date.toISOString();
  }
  return text;
}

/** The value a draft stands for: numbers and instants read from their texts. */
export function valueOfDraft(draft: DraftValue, shape: DraftShape, path = ''): unknown {
  if (typeof draft === 'string') return leafValue(draft, path, shape);
  if (typeof draft === 'boolean') return draft;
  if (Array.isArray(draft)) return draft.map((item, index) => valueOfDraft(item, shape, join(path, index)));
  return Object.fromEntries(Object.entries(draft).map(([key, item]) => [key, valueOfDraft(item, shape, join(path, key))]));
}

/** The draft of a value: numbers as text, null as empty, instants as the local time an input shows. */
export function draftOf(value: unknown, shape: DraftShape, path = ''): DraftValue {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return matches(shape.times, path) ? localTime(value) : value;
  if (typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((item, index) => draftOf(item, shape, join(path, index)));
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, draftOf(item, shape, join(path, key))]));
}

/** The draft checked with the contract's schema: the value to send, or the first refusal at each field's path. */
export function checkDraft<TSchema extends v.GenericSchema>(schema: TSchema, draft: Draft, shape: DraftShape): Checked<v.InferOutput<TSchema>> {
  const parsed = v.safeParse(schema, valueOfDraft(draft, shape));
  if (parsed.success) return { ok: true, value: parsed.output };
  const errors: FieldErrors = {};
  for (const issue of parsed.issues) {
    const path = issue.path?.map((item) => String(item.key)).join('.') ?? '';
    errors[path] ??= issue.message;
  }
  return { ok: false, errors };
}

function change(draft: DraftValue, keys: readonly string[], update: (current: DraftValue | undefined) => DraftValue): DraftValue {
  const [key, ...rest] = keys;
  if (key === undefined) return update(draft);
  if (Array.isArray(draft)) {
    const index = Number(key);
    return draft.map((item, at) => (at === index ? change(item, rest, update) : item));
  }
  if (typeof draft !== 'object') return draft; // a leaf has no fields: nothing changes
  const current = draft[key];
  if (current === undefined && rest.length > 0) return draft; // no such part: nothing changes
  return { ...draft, [key]: change(current as DraftValue, rest, update) };
}

const keysOf = (path: string) => (path === '' ? [] : path.split('.'));

/** The draft with the value at `path` replaced (a leaf, or a whole part: a grant of another kind). */
export function setAt(draft: Draft, path: string, value: DraftValue): Draft {
  return change(draft, keysOf(path), () => value) as Draft;
}

/** The draft with `item` added at the end of the list at `path`, at most `max` items. */
export function addAt(draft: Draft, path: string, item: DraftValue, max: number): Draft {
  return change(draft, keysOf(path), (list) => (Array.isArray(list) && list.length < max ? [...list, item] : (list as DraftValue))) as Draft;
}

/** The draft without item `index` of the list at `path`. */
export function removeAt(draft: Draft, path: string, index: number): Draft {
  return change(draft, keysOf(path), (list) => (Array.isArray(list) ? list.filter((_, at) => at !== index) : (list as DraftValue))) as Draft;
}

/** The value at `path` (undefined where there is none). */
export function draftAt(draft: DraftValue, path: string): DraftValue | undefined {
  let current: DraftValue | undefined = draft;
  for (const key of keysOf(path)) {
    if (current === undefined || typeof current !== 'object') return undefined;
    current = Array.isArray(current) ? current[Number(key)] : current[key];
  }
  return current;
}

/** The errors without those at `path` and below it: what an edit there may have fixed. */
export function errorsWithout(errors: FieldErrors, path: string): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([at]) => at !== '' && at !== path && !at.startsWith(`${path}.`)));
}
