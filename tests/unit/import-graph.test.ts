/**
 * No import circles (STYLE.md: imports flow one way). Every .ts/.tsx file of
 * src, machines, scripts and bench is parsed (rolldown's oxc parser), its
 * imports and re-exports followed to files — `import type` too, since a type
 * circle is still two files that cannot be read one before the other — and
 * each strongly connected component of more than one file is a circle.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src', 'machines', 'scripts', 'bench'];
/** Written by the router plugin from src/routes; it imports every route. */
const GENERATED = new Set(['src/routeTree.gen.ts']);

function sourceFiles(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && !GENERATED.has(full)) found.push(full);
  }
  return found;
}

/** The literal specifiers a source imports or re-exports, dynamic `import('…')` included. */
function specifiers(source: string, file: string): string[] {
  const program = parseAst(source, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' }, file);
  const found: string[] = [];
  for (const statement of program.body) {
    if ((statement.type === 'ImportDeclaration' || statement.type === 'ExportAllDeclaration') && statement.source) {
      found.push(statement.source.value);
    } else if (statement.type === 'ExportNamedDeclaration' && statement.source) {
      found.push(statement.source.value);
    }
  }
  // Dynamic imports can sit anywhere in the tree: walk it.
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) walk(child);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as { type?: unknown; source?: { type?: unknown; value?: unknown } };
    if (record.type === 'ImportExpression' && record.source?.type === 'Literal' && typeof record.source.value === 'string') {
      found.push(record.source.value);
    }
    for (const value of Object.values(node)) if (value !== null && typeof value === 'object') walk(value);
  };
  walk(program.body);
  return found;
}

/** A relative specifier as a file of the graph, or undefined (packages, CSS, catalogues). */
function resolve(from: string, specifier: string, files: Set<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, base.replace(/\.js$/, '.ts'), `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((candidate) => files.has(candidate));
}

/** Tarjan's strongly connected components with more than one file (or a file importing itself). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || graph.get(file)?.includes(file)) found.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

describe('import graph', () => {
  const files = ROOTS.flatMap(sourceFiles).sort();
  const known = new Set(files);
  const graph = new Map(
    files.map((file) => [
      file,
      [...new Set(specifiers(readFileSync(file, 'utf8'), file).flatMap((specifier) => resolve(file, specifier, known) ?? []))],
    ]),
  );

  it('sees every kind of import', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from './b.ts';",
      "import './c.css';",
      "export { d } from './d.ts';",
      "export type { E } from './e.ts';",
      "export * from './f.ts';",
      "const Lazy = () => import('./g.tsx');",
      'const notLiteral = (name: string) => import(`./${name}.ts`);',
      'export const View = () => <div />;',
    ].join('\n');
    expect(specifiers(source, 'x.tsx')).toEqual(['./a.ts', './b.ts', './c.css', './d.ts', './e.ts', './f.ts', './g.tsx']);
  });

  it('reads the whole tree', () => {
    expect(files).toContain('src/main.tsx');
    expect(files).toContain('src/server/server.ts');
    expect(files).not.toContain('src/routeTree.gen.ts');
    // Relative specifiers resolve to the files they name.
    expect(graph.get('src/server/server.ts')).toContain('src/server/app.ts');
  });

  it('keeps the layers: the server never imports the SPA, machines import the contract and the API client only in their actors', () => {
    const crossings = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) => {
          if (file.startsWith('src/server/')) return !target.startsWith('src/server/') && !target.startsWith('src/contract/');
          if (file.startsWith('src/contract/')) return !target.startsWith('src/contract/');
          if (file.startsWith('machines/')) {
            const allowed = ['machines/', 'src/contract/', ...(file.endsWith('.actors.ts') ? ['src/api/'] : [])];
            return !allowed.some((prefix) => target.startsWith(prefix));
          }
          return false;
        })
        .map((target) => `${file} -> ${target}`),
    );
    expect(crossings).toEqual([]);
  });

  it('has no import circles, type-only imports included', () => {
    // Each circle is printed as its files in sorted order (a component has no one path to print).
    expect(circles(graph)).toEqual([]);
  });
});
