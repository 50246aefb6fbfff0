/**
 * Generated path tests for the trust dashboard: every path through trustMachine (load, failure and Retry,
 * Refresh, the five tabs, measured and not-yet-measured figures), each driven through the real view and
 * checked on screen.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { trustMachine, type TrustFigures } from '@/machines/trust.machine';
import { HttpError } from '@/services/http';
import { TrustView } from '@/views/trust/TrustView';
import { TRUST_EMPTY, TRUST_FIGURES } from '@/views/trust/trustFixtures';
import { startApiServer } from '../support/apiServer';
import { get, query } from '../support/dom';
import { byKey, coveringPaths, deferred, describeModel, leafPaths, modelPaths, renderView } from '../support/modelHarness';

type Ev = AnyEventObject;
type Snap = SnapshotFrom<typeof trustMachine>;

const TAB_NAMES = { overview: 'Overview', security: 'Security', transparency: 'Transparency', community: 'Community', socialImpact: 'Social Impact' } as const;
type Tab = keyof typeof TAB_NAMES;

const EVENTS: Ev[] = [
  ...(Object.keys(TAB_NAMES) as Tab[]).map((tab) => ({ type: 'tab.select', tab })),
  { type: 'trust.retry' },
  { type: 'trust.refresh' },
  { type: 'xstate.done.actor.load', output: TRUST_FIGURES },
  { type: 'xstate.done.actor.load', output: TRUST_EMPTY },
  { type: 'xstate.error.actor.load', error: new HttpError(500, 'server') },
];
const keyOf = (e: Ev) =>
  e.type === 'tab.select'
    ? `tab.select(${e.tab})`
    : e.type === 'xstate.done.actor.load'
      ? `load.done(${(e.output as TrustFigures).score.value === null ? 'empty' : 'measured'})`
      : e.type;
const stateName = (s: Snap) => String(s.value);
const screenOf = (s: Snap) => `${stateName(s)}|${s.context.tab}|${s.context.figures?.score.value ?? 'none'}`;

const all = modelPaths(trustMachine, {
  events: EVENTS,
  filterEvents: (s: Snap, e: Ev) => s.can(e as never) && !(e.type === 'tab.select' && e.tab === s.context.tab),
  serializeEvent: keyOf,
  serializeState: (s: Snap, e?: Ev, prev?: Snap) => `${screenOf(s)}|${e ? keyOf(e) : ''}|${prev ? stateName(prev) : ''}`,
});
const transition = (before: Snap | null, e: Ev, after: Snap) => [before && screenOf(before), keyOf(e), screenOf(after)].join(' ');
const paths = coveringPaths(leafPaths(all), transition);

const drive = { load: deferred<TrustFigures>(), loads: 0 };

/** The tabs and their panel (roles the quick stand-ins of support/dom.ts do not know). */
const tabEl = (name: string) => {
  const found = [...document.querySelectorAll<HTMLElement>('[role="tab"]')].filter((el) => el.textContent === name);
  expect(found).toHaveLength(1);
  return found[0];
};
const settle = (fn: () => void) => act(async () => fn());
const exec: Record<string, (e: Ev) => unknown> = {
  ...Object.fromEntries((Object.keys(TAB_NAMES) as Tab[]).map((tab) => [`tab.select(${tab})`, () => fireEvent.click(tabEl(TAB_NAMES[tab]))])),
  'trust.retry': () => fireEvent.click(get('button', 'Try again')),
  'trust.refresh': () => fireEvent.click(get('button', 'Refresh')),
  'load.done(measured)': (e) => settle(() => drive.load.resolve(e.output)),
  'load.done(empty)': (e) => settle(() => drive.load.resolve(e.output)),
  'xstate.error.actor.load': (e) => settle(() => drive.load.reject(e.error)),
};

const panel = () => document.querySelector<HTMLElement>('[role="tabpanel"]')!;
const card = (figure: string) => panel().querySelector(`[data-figure="${figure}"]`) as HTMLElement;

function tabs(s: Snap) {
  for (const [tab, name] of Object.entries(TAB_NAMES)) expect(tabEl(name)).toHaveAttribute('aria-selected', String(tab === s.context.tab));
}

const READY: Record<Tab, (f: TrustFigures) => void> = {
  overview: (f) => {
    const measured = f.score.value !== null;
    expect(panel().querySelector('.trust-score-value')).toHaveTextContent(measured ? '91.4' : 'Not measured yet');
    expect(panel()).toHaveTextContent('Score = 30% uptime + 15% speed + 20% data accuracy + 20% satisfaction + 15% security');
    expect(within(card('uptime')).getByText(measured ? '99.9%' : 'Not measured yet')).toBeInTheDocument();
    expect(card('uptime')).toHaveTextContent('once-a-minute self-checks');
    expect(card('uptime')).toHaveTextContent('Last 24 hours');
    expect(card('response')).toHaveTextContent(measured ? '38 ms95 in 100 answers within 212 ms · 18,422 requests' : 'Not measured yet');
    expect(card('accuracy')).toHaveTextContent('98.7%Sensors reporting on time: 90% (36 of 40)');
    expect(card('satisfaction')).toHaveTextContent(measured ? '82%41 of 50 ratings positive' : 'Not measured yet');
    expect(card('satisfaction')).toHaveTextContent('Last 30 days');
    expect(card('incidents')).toHaveTextContent('3Stolen sign-in reused: 0 · sign-ins blocked: 2 · sessions ended by staff: 1');
    if (f.demo) expect(screen.getByText(/^Demo data/)).toBeInTheDocument();
    else expect(screen.queryByText(/^Demo data/)).toBeNull();
  },
  security: () => {
    expect(card('twoFactor')).toHaveTextContent('12.5%3 of 24 active users');
    expect(card('revoked')).toHaveTextContent('5');
    expect(card('throttled')).toHaveTextContent('2');
  },
  transparency: () => {
    expect(panel()).toHaveTextContent('Sensor readingsKept while the field exists');
    expect(panel()).toHaveTextContent('Chatbot questions and answersNever kept');
    expect(panel()).toHaveTextContent('Weather forecastOn');
    expect(panel()).toHaveTextContent('Language model for the chatbotOffline (works without it)');
  },
  community: () => {
    expect(card('farmers')).toHaveTextContent('14of 18');
    expect(card('coordinators')).toHaveTextContent('3of 4');
    expect(card('messages')).toHaveTextContent('961 deliveries to farmers');
  },
  socialImpact: () => {
    expect(card('fields')).toHaveTextContent('20');
    expect(card('hectares')).toHaveTextContent('31.6 ha');
    expect(card('acted')).toHaveTextContent('75%9 of 12');
  },
};

const assertState: Record<string, (s: Snap) => void> = {
  loading: (s) => {
    tabs(s);
    expect(panel().querySelector('[role="status"]')).toHaveTextContent('Loading');
    expect(query('alert')).toBeNull();
  },
  failed: (s) => {
    tabs(s);
    expect(get('alert')).toHaveTextContent('Could not load the trust figures.');
    expect(panel().querySelector('.trust-card')).toBeNull();
  },
  ready: (s) => {
    tabs(s);
    expect(query('alert')).toBeNull();
    READY[s.context.tab](s.context.figures!);
  },
};

describeModel('trust dashboard model', {
  paths,
  all,
  transitions: transition,
  screen: screenOf,
  events: EVENTS,
  eventKey: keyOf,
  machine: trustMachine,
  states: Object.keys(assertState),
  name: (p) => p.steps.map((s) => keyOf(s.event as Ev)).join(' → '),
  render: () => {
    drive.loads = 0;
    const logic = trustMachine.provide({
      actors: {
        load: fromPromise<TrustFigures>(() => {
          drive.loads += 1;
          return (drive.load = deferred<TrustFigures>()).promise;
        }),
      },
    });
    renderView(<TrustView logic={logic} />, { session: 'farmer', intlLocale: 'en', path: '/trust' });
    return {
      exec: byKey(exec, keyOf),
      check: ({ state }) => {
        assertState[stateName(state as Snap)](state as Snap);
      },
    };
  },
});

describe('trust dashboard loading for real', () => {
  it('asks GET /trust once and shows its figures (the machine’s own load, no actor replaced)', async () => {
    const api = await startApiServer(({ path }) => (path === '/api/v1/trust' ? { status: 200, body: TRUST_FIGURES } : { status: 404 }));
    try {
      renderView(<TrustView />, { session: 'farmer', intlLocale: 'en', path: '/trust' });
      await screen.findByText('91.4');
      READY.overview(TRUST_FIGURES);
      expect(api.calls('/trust')).toHaveLength(1);
    } finally {
      await api.close();
    }
  });
});
