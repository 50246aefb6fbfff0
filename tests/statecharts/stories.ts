/**
 * Which views run each machine, and which stories show them (issue 20 item 6), read from the sources: a view is a
 * file under src/views or src/app that imports the machine or its context. A story is the machine's own when it
 * imports the machine or its context, or a view that does; it shows the machine inside another screen when it
 * reaches such a view only through other src/views modules (the header's bell inside a dashboard's story).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export type MachineStories = { views: string[]; own: string[]; inside: string[] };

const walk = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));

/** The project files (absolute) a source file imports, statically or lazily, resolved to an existing .ts/.tsx. */
function importsOf(root: string, file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specs = [...source.matchAll(/(?:from\s+|import\()'([^']+)'/g)].map((x) => x[1]);
  return specs.flatMap((s) => {
    const base = s.startsWith('@/') ? join(root, 'src', s.slice(2)) : s.startsWith('.') ? resolve(dirname(file), s) : null;
    if (!base) return [];
    const hit = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => existsSync(p) && !p.endsWith('/'));
    return hit && /\.tsx?$/.test(hit) ? [hit] : [];
  });
}

/** For each machine file (src/machines/<name>.machine.ts), the views that run it and the stories that show it. */
export function machineStories(root: string, machineFiles: string[]): Map<string, MachineStories> {
  const files = [...walk(join(root, 'src/views')), ...walk(join(root, 'src/app'))].filter((f) => /\.tsx?$/.test(f));
  const imports = new Map(files.map((f) => [f, importsOf(root, f)]));
  const machineOf = (f: string) => f.match(/src\/machines\/([^/]+)\.(?:machine|context)\.ts$/)?.[1] ?? null;
  const direct = (f: string) => new Set((imports.get(f) ?? []).map(machineOf).filter((m): m is string => m !== null));
  const isStory = (f: string) => f.endsWith('.stories.tsx');
  const reach = new Map<string, Set<string>>();
  /** The machines a file reaches through the src/views modules it imports. */
  const reached = (f: string, seen = new Set<string>()): Set<string> => {
    const known = reach.get(f);
    if (known) return known;
    seen.add(f);
    const out = direct(f);
    for (const g of imports.get(f) ?? []) if (g.startsWith(join(root, 'src/views')) && !seen.has(g)) for (const m of reached(g, seen)) out.add(m);
    reach.set(f, out);
    return out;
  };
  const rel = (f: string) => relative(root, f);
  return new Map(
    machineFiles.map((mf) => {
      const name = machineOf(mf)!;
      return [
        mf,
        {
          views: files.filter((f) => !isStory(f) && f.endsWith('.tsx') && direct(f).has(name)).map(rel).sort(),
          own: files.filter((f) => isStory(f) && (direct(f).has(name) || (imports.get(f) ?? []).some((g) => direct(g).has(name)))).map(rel).sort(),
          inside: files.filter((f) => isStory(f) && reached(f).has(name) && !direct(f).has(name) && !(imports.get(f) ?? []).some((g) => direct(g).has(name))).map(rel).sort(),
        },
      ];
    }),
  );
}

/**
 * Machines with no story of their own, and why (hand-kept: the statechart check fails on a machine without a story
 * of its own that is missing here, and on a line here for a machine that has one).
 */
export const NO_OWN_STORY: Record<string, string> = {};
