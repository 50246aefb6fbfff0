/**
 * The web project runs its files in one jsdom per worker (vite.config.ts, `isolate: false`). A file that replaces a
 * method of the DOM or a browser global (a stand-in layout, a clipboard, an object URL, a spied click) must not hand
 * it to the next file: `keepGlobalsAsFound()` (tests/setup.ts, once per file) notes the own properties of the objects
 * below when the file starts and, after its last test, puts back every one it changed, removed or added. Spies,
 * stubbed globals and fake timers are undone the same way.
 *
 * (tests/unit/phoneCharts.test.tsx failed in a shared worker because the chatbot test deleted jsdom's own
 * Element.prototype.getBoundingClientRect after standing in for it; that test now restores it, and this catches the
 * next such leak.)
 */
import { afterAll, vi } from 'vitest';

const watched = (): [string, object][] => [
  ['Element.prototype', Element.prototype],
  ['HTMLElement.prototype', HTMLElement.prototype],
  ['HTMLAnchorElement.prototype', HTMLAnchorElement.prototype],
  ['HTMLInputElement.prototype', HTMLInputElement.prototype],
  ['HTMLCanvasElement.prototype', HTMLCanvasElement.prototype],
  ['HTMLMediaElement.prototype', HTMLMediaElement.prototype],
  ['Node.prototype', Node.prototype],
  ['EventTarget.prototype', EventTarget.prototype],
  ['Document.prototype', Document.prototype],
  ['Window.prototype', Object.getPrototypeOf(window)],
  ['Navigator.prototype', Object.getPrototypeOf(navigator)],
  ['navigator', navigator],
  ['URL', URL],
  ['Blob.prototype', Blob.prototype],
];

/** The browser globals a test may replace by assignment (vi.stubGlobal is undone by vi.unstubAllGlobals). */
const GLOBALS = [
  'fetch',
  'XMLHttpRequest',
  'alert',
  'confirm',
  'prompt',
  'open',
  'matchMedia',
  'ResizeObserver',
  'IntersectionObserver',
  'Notification',
  'speechSynthesis',
  'SpeechSynthesisUtterance',
  'SpeechRecognition',
  'webkitSpeechRecognition',
  'scrollTo',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'Date',
  'Intl',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
] as const;

type Snapshot = { target: object; own: Map<PropertyKey, PropertyDescriptor> };

const same = (a: PropertyDescriptor, b: PropertyDescriptor) => a.value === b.value && a.get === b.get && a.set === b.set;

function restore({ target, own }: Snapshot) {
  for (const key of Reflect.ownKeys(target)) {
    if (!own.has(key) && Object.getOwnPropertyDescriptor(target, key)?.configurable) Reflect.deleteProperty(target, key);
  }
  for (const [key, d] of own) {
    const now = Object.getOwnPropertyDescriptor(target, key);
    if (!now || !same(now, d)) Object.defineProperty(target, key, d);
  }
}

export function keepGlobalsAsFound() {
  const snapshots: Snapshot[] = watched().map(([, target]) => ({
    target,
    own: new Map(Reflect.ownKeys(target).map((k) => [k, Object.getOwnPropertyDescriptor(target, k)!])),
  }));
  const g = globalThis as Record<string, unknown>;
  const globals = new Map(GLOBALS.map((k) => [k, Object.getOwnPropertyDescriptor(g, k)]));
  afterAll(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    for (const s of snapshots) restore(s);
    for (const [k, d] of globals) {
      const now = Object.getOwnPropertyDescriptor(g, k);
      if (d && (!now || !same(now, d))) Object.defineProperty(g, k, d);
      else if (!d && now?.configurable) Reflect.deleteProperty(g, k);
    }
  });
}
