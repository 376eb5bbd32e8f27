import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every comment and document explains the project in its own words, or points at a file inside the
 * repository (docs/architecture.md, a decision record). Documents kept elsewhere and numbers of a
 * tracker's issues are not there for the next reader, so no file names them. This test reads every
 * file of the repository but dependencies, git's store and what builds, runs and tests write (the
 * folders .gitignore names).
 */
const root = resolve(import.meta.dirname, '../../..');
const thisFile = relative(root, import.meta.filename);

/** Folder names skipped wherever they are: installed packages, git, build output, local data. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'build', 'dist', 'data', '.react-router', 'coverage']);
/** Skipped at the top only (.gitignore's `/tmp/`). */
const SKIPPED_AT_ROOT = new Set(['tmp']);

const OUTSIDE_REFERENCES: { pattern: RegExp; names: string }[] = [
  { pattern: /\b(?:ARCHITECTURE|DOMAIN|HABITS)\.md\b/, names: 'a design note kept outside the repository' },
  // Built from parts so this guard does not itself name the folders it forbids.
  { pattern: new RegExp(`storefront-${'spec'}|${'shared'}/(?:design|spec)/`, 'i'), names: 'a document kept outside the repository' },
  { pattern: /\b(?:the|a|our|this)\s+spec\b|\bspec(?:'s|\s+sections?\b|\s*§|\s+clients?\b)/i, names: 'a specification kept outside the repository' },
  // "(spec section 2)", "(spec: 20 a page)", "Spec: ..." in prose; not `(spec: RequestSpec)` or `f(spec.body)` in code.
  { pattern: /\([Ss]pec(?=\s|:\s+[a-z0-9"'])|(?:^|[\s*/])Spec:/, names: 'a specification kept outside the repository' },
  { pattern: /\bissues?\s+#?\d+/i, names: 'an issue of the tracker' },
];

function filesUnder(folder: string, top = true): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (SKIPPED_FOLDERS.has(entry.name) || (top && SKIPPED_AT_ROOT.has(entry.name))) return [];
      return filesUnder(path, false);
    }
    // A worktree's .git is a file naming git's store.
    if (!entry.isFile() || entry.name === '.git' || entry.name.endsWith('.log') || entry.name === '.env') return [];
    return [path];
  });
}

/** `path:line: text` for every line of a text file that names something outside the repository. */
function outsideReferences(path: string): string[] {
  const bytes = readFileSync(path);
  if (bytes.includes(0)) return [];
  const found: string[] = [];
  bytes.toString('utf8').split('\n').forEach((line, index) => {
    for (const { pattern, names } of OUTSIDE_REFERENCES) {
      if (pattern.test(line)) found.push(`${relative(root, path)}:${index + 1}: names ${names}: ${line.trim().slice(0, 160)}`);
    }
  });
  return found;
}

describe('the repository explains itself', () => {
  it('finds the files it reads', () => {
    const files = filesUnder(root).map((f) => relative(root, f));
    // A walk that lost its way would pass by reading nothing.
    expect(files).toContain('README.md');
    expect(files).toContain('docs/architecture.md');
    expect(files).toContain('apps/server/src/app.ts');
    expect(files.some((f) => f.includes('node_modules'))).toBe(false);
  });

  it('names no document, specification or issue kept outside it', () => {
    const found = filesUnder(root).filter((f) => relative(root, f) !== thisFile).flatMap(outsideReferences);
    expect(found, 'say the rule itself, or point at a file in the repository (docs/architecture.md, docs/decisions/)').toEqual([]);
  });

  it('catches each kind of outside reference', () => {
    const lines = [
      ' * Tenant first (ARCHITECTURE' + '.md rule 1).',
      '/** The store\'s ratti (DOMAIN' + '.md). */',
      '// A test that logs fails (HABITS' + '.md 7).',
      'Routes named after the ' + 'spec\'s paths (section 2).',
      '/** Spec' + ' section 9: 20 stones per listing page. */',
      '    // Spec' + ': the store profile id is the SKU prefix.',
      '/** One page (spec' + ': 20 stones a page). */',
      'Context: the ' + 'spec pages the listing with ?page=n.',
      'Context: issue' + ' 13 (item 5) asks for a tax invoice.',
      'see ../shared/' + 'design/notes.md',
    ];
    for (const line of lines) expect(OUTSIDE_REFERENCES.some(({ pattern }) => pattern.test(line)), line).toBe(true);
    // Code that merely says "spec" is not a reference.
    const code = [
      'const spec = next(worker);', 'if (!spec) continue;', 'send(agent, base, spec, 10_000)', 'JSON.stringify(spec.body)',
      'const send = (spec: RequestSpec) => spec.kind;', 'type StoneSpec = {};', 'https://httpwg.org/specs/rfc9110.html#HEAD',
    ];
    for (const line of code) expect(OUTSIDE_REFERENCES.some(({ pattern }) => pattern.test(line)), line).toBe(false);
  });
});
