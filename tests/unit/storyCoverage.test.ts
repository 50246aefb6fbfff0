/**
 * Every route screen can be looked at in Storybook: each view the route table (App.tsx, MoreRoutes.tsx) routes to has a story of its own, or
 * imports a screen-sized part of src/views (not the shared src/views/ui pieces) that has one, as
 * FieldMonitoringView → FieldMonitoring.stories.tsx. A new route without a story fails here.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const views = join(root, 'src/views');
/** Routes that are not screens: /register only redirects to /login. */
const NOT_SCREENS = new Set(['auth/RegisterView']);

// The route table is App.tsx (/ and /login, in the first load) and MoreRoutes.tsx (every other route, a chunk of its own).
const app = ['src/app/App.tsx', 'src/app/MoreRoutes.tsx'].map((f) => readFileSync(join(root, f), 'utf8')).join('\n');
const routeViews = [...new Set([...app.matchAll(/import\('@\/views\/([^']+)'\)/g)].map((x) => x[1]))];

/** The src/views modules a file imports (static or lazy), as paths relative to src/views without extension. */
function importedViews(view: string): string[] {
  const file = join(views, `${view}.tsx`);
  const source = readFileSync(file, 'utf8');
  const specs = [...source.matchAll(/(?:from\s+|import\()'([^']+)'/g)].map((x) => x[1]);
  return specs
    .map((s) => (s.startsWith('@/views/') ? join(views, s.slice('@/views/'.length)) : s.startsWith('.') ? resolve(dirname(file), s) : null))
    .filter((p): p is string => p !== null && p.startsWith(views))
    .map((p) => relative(views, p));
}

const hasStory = (view: string) => existsSync(join(views, `${view}.stories.tsx`));

describe('every route view has a story', () => {
  it('finds the route views in the route table', () => {
    expect(routeViews.length).toBeGreaterThan(20);
  });
  for (const view of routeViews.filter((v) => !NOT_SCREENS.has(v))) {
    it(view, () => {
      const covering = hasStory(view) ? [view] : importedViews(view).filter((v) => !v.startsWith('ui/') && hasStory(v));
      expect(covering, `${view} has no story, nor a screen part with one`).not.toEqual([]);
    });
  }
});
