/**
 * The operator's notice as GET /api/lookup/notice answers it (spec 7), in
 * one language: its HTML, or null when that language has none. The member
 * pages carry the same answer in their HTML (plugins/spa.ts), so both build
 * it here.
 */
import type * as v from 'valibot';
import type { NoticeResponse } from '../../contract/api.ts';
import type { Language, Localized } from '../language.ts';

export function noticeAnswer(notice: Localized, language: Language): v.InferOutput<typeof NoticeResponse> {
  const text = notice[language];
  return { notice: text === '' ? null : text };
}
