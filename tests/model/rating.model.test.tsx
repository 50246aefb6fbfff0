/**
 * Generated path tests for the thumbs up/down under an answer (ratingMachine through RateButtons): choosing,
 * saving, a refused rating keeping the previous choice with the server's words, changing one's mind.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fromPromise, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { ratingMachine } from '@/machines/rating.machine';
import { HttpError } from '@/services/http';
import { RateButtons } from '@/views/ui/RateButtons';
import { startApiServer } from '../support/apiServer';
import { get, query } from '../support/dom';
import { byKey, deferred, describeModel, modelPaths, renderView } from '../support/modelHarness';

type Ev = AnyEventObject;
type Snap = SnapshotFrom<typeof ratingMachine>;
const SUBJECT = '00000000-0000-4000-8000-0000000000a1';
const NOT_YOURS = new HttpError(404, 'notFound', {
  statusCode: 404,
  code: 'NOT_FOUND',
  error: 'You can rate only your own answers and results.',
  message: {
    english: 'You can rate only your own answers and results.',
    marathi: 'आपण फक्त आपल्याच उत्तरांना आणि निकालांना गुण देऊ शकता.',
    hindi: 'आप केवल अपने ही उत्तरों और परिणामों को रेट कर सकते हैं।',
  },
});

const EVENTS: Ev[] = [
  { type: 'rating.choose', up: true },
  { type: 'rating.choose', up: false },
  { type: 'xstate.done.actor.send', output: {} },
  { type: 'xstate.error.actor.send', error: NOT_YOURS },
];
const keyOf = (e: Ev) => (e.type === 'rating.choose' ? `rating.choose(${e.up ? 'up' : 'down'})` : e.type);
const screenOf = (s: Snap) => `${String(s.value)}|${s.context.up}|${s.context.choosing}|${s.context.error ? 'error' : ''}`;
const paths = modelPaths(ratingMachine, {
  events: EVENTS,
  input: { kind: 'chat', subjectId: SUBJECT },
  filterEvents: (s: Snap, e: Ev) => s.can(e as never),
  serializeEvent: keyOf,
  serializeState: (s: Snap, e?: Ev) => `${screenOf(s)}|${e ? keyOf(e) : ''}`,
});

const drive = { send: deferred<unknown>(), sent: [] as unknown[] };
const settle = (fn: () => void) => act(async () => fn());
const exec: Record<string, (e: Ev) => unknown> = {
  'rating.choose(up)': () => fireEvent.click(get('button', 'Helpful')),
  'rating.choose(down)': () => fireEvent.click(get('button', 'Not helpful')),
  'xstate.done.actor.send': (e) => settle(() => drive.send.resolve(e.output)),
  'xstate.error.actor.send': (e) => settle(() => drive.send.reject(e.error)),
};

const pressed = (up: boolean | null) => {
  expect(get('button', 'Helpful')).toHaveAttribute('aria-pressed', String(up === true));
  expect(get('button', 'Not helpful')).toHaveAttribute('aria-pressed', String(up === false));
};

const assertState: Record<string, (s: Snap) => void> = {
  open: (s) => {
    pressed(s.context.up);
    expect(get('button', 'Helpful')).toBeEnabled();
    if (s.context.error) expect(get('alert')).toHaveTextContent('You can rate only your own answers and results.');
    else expect(query('alert')).toBeNull();
    if (s.context.up !== null && !s.context.error) expect(get('status')).toHaveTextContent('Thank you, your rating is saved.');
  },
  saving: (s) => {
    pressed(s.context.up);
    expect(get('button', 'Helpful')).toBeDisabled();
    expect(get('button', 'Not helpful')).toBeDisabled();
    expect(drive.sent.at(-1)).toEqual({ kind: 'chat', subjectId: SUBJECT, up: s.context.choosing });
  },
};

describeModel('rating model', {
  paths,
  events: EVENTS,
  eventKey: keyOf,
  machine: ratingMachine,
  states: Object.keys(assertState),
  name: (p) => p.steps.map((s) => keyOf(s.event as Ev)).join(' → '),
  render: () => {
    drive.sent = [];
    const logic = ratingMachine.provide({
      actors: {
        send: fromPromise<unknown, { kind: 'chat' | 'disease'; subjectId: string; up: boolean }>(({ input }) => {
          drive.sent.push(input);
          return (drive.send = deferred<unknown>()).promise;
        }),
      },
    });
    renderView(<RateButtons kind="chat" subjectId={SUBJECT} logic={logic} />, { intlLocale: 'en' });
    expect(screen.getByRole('group', { name: 'Was this helpful?' })).toBeInTheDocument();
    // What the farmer should see, worked out from what they did along the path (not read from the snapshot): so a
    // machine that took the wrong step is caught even where its snapshot and the view agree with each other.
    const want = { up: null as boolean | null, choosing: null as boolean | null, error: false, sent: [] as unknown[] };
    const follow = (e: Ev) => {
      if (e.type === 'rating.choose' && e.up !== want.up) {
        want.choosing = e.up;
        want.error = false;
        want.sent.push({ kind: 'chat', subjectId: SUBJECT, up: e.up });
      } else if (e.type === 'xstate.done.actor.send') {
        want.up = want.choosing;
        want.choosing = null;
      } else if (e.type === 'xstate.error.actor.send') {
        want.choosing = null;
        want.error = true;
      }
    };
    return {
      exec: byKey(exec, keyOf),
      check: ({ event, state }) => {
        const s = state as Snap;
        follow(event as Ev);
        expect(String(s.value)).toBe(want.choosing === null ? 'open' : 'saving');
        pressed(want.up);
        expect(drive.sent).toEqual(want.sent);
        if (want.error) expect(get('alert')).toHaveTextContent('You can rate only your own answers and results.');
        else expect(query('alert')).toBeNull();
        assertState[String(s.value)](s);
      },
    };
  },
});

describe('rating sent for real', () => {
  it('sends POST /ratings with the choice and shows it saved (the machine’s own call, no actor replaced)', async () => {
    const api = await startApiServer(({ path, body }) => (path === '/api/v1/ratings' ? { status: 200, body } : { status: 404 }));
    try {
      renderView(<RateButtons kind="chat" subjectId={SUBJECT} />, { intlLocale: 'en' });
      fireEvent.click(get('button', 'Not helpful'));
      expect(await screen.findByRole('status')).toHaveTextContent('Thank you, your rating is saved.');
      pressed(false);
      expect(api.calls('/ratings').map((r) => [r.method, r.body])).toEqual([['POST', { kind: 'chat', subjectId: SUBJECT, up: false }]]);
    } finally {
      await api.close();
    }
  });
});
