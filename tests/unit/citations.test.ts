/**
 * Issues live outside the repository, so a newcomer cannot open one cited
 * by its number: code, tests and docs cite the spec section or the decision
 * file instead (docs/decisions). Every text file we write is read, this one
 * included.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src', 'machines', 'tests', 'scripts', 'bench', 'docs', 'locales', '.ci'];
const FILES = ['README.md', 'index.html', 'package.json', 'vite.config.ts', 'vitest.config.ts', 'lingui.config.ts', 'knip.json'];
const TEXT = /\.(ts|tsx|js|css|html|md|json|po|sh)$|^run$/;
/**
 * The word "issue" (or "issues", any case) followed by a number, also where
 * a comment wraps between them or a hash stands before the number.
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
    expect(found).toEqual([]);
  });
});
