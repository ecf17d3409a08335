/**
 * Issues live outside the repository, so a newcomer cannot open "issue 9":
 * code, tests and docs cite the spec section or the decision file instead
 * (docs/decisions). Every text file we write is read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src', 'machines', 'tests', 'scripts', 'bench', 'docs', 'locales', '.ci'];
const FILES = ['README.md', 'index.html', 'package.json', 'vite.config.ts', 'vitest.config.ts', 'lingui.config.ts', 'knip.json'];
const TEXT = /\.(ts|tsx|js|css|html|md|json|po|sh)$|^run$/;
/**
 * "issue 9", "Issue 14 part 2", "issues 3 and 4": a number after the word,
 * also where a comment wraps between them ("issue" then " * 9").
 */
const ISSUE_CITATION = /\bissues?(?:\s|\/\/|\*|#)+\d+/gi;

function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return textFiles(full);
    return TEXT.test(entry.name) ? [full] : [];
  });
}

describe('citations', () => {
  it('name no issue numbers anywhere in code, tests or docs', () => {
    const files = [...ROOTS.flatMap(textFiles), ...FILES];
    const found = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(ISSUE_CITATION)].map((match) => `${file}: ${match[0]}`);
    });
    expect(files.length).toBeGreaterThan(500);
    // This file's own pattern and examples are words, not citations.
    expect(found.filter((line) => !line.startsWith(path.join('tests', 'unit', 'citations.test.ts')))).toEqual([]);
  });
});
