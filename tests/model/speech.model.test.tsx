/**
 * Generated path tests for speaking and listening (src/machines/speech.machine.ts) through its buttons
 * (src/views/ui/Speech.tsx): every shortest path, driven by taps and by a small fake of the browser's speech
 * API (jsdom has none) handed to the machine's actors — the API boundary, not a stand-in for our code.
 * Marathi on screen: recognition in mr-IN, the Marathi voice for reading.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { createActor, type AnyEventObject } from 'xstate';
import { speechActors, speechMachine, type SpeechContext } from '@/machines/speech.machine';
import type { Recognition, SpeechApi, Utterance } from '@/services/speech';
import { MicButton, SpeakButton, SpeechProvider } from '@/views/ui/Speech';
import { ChatbotPanel } from '@/views/tools/ChatbotPanel';
import mr from '@/i18n/messages/mr.json';
import { describeModel, modelPaths, renderView, serializeWith } from '../support/modelHarness';

type Ev = AnyEventObject;
const TEXT = { a: 'माती कोरडी आहे. पाणी द्या.', b: 'उद्या पाऊस आहे.' } as const;
const EVENTS: Ev[] = [
  { type: 'mic.start' },
  { type: 'mic.stop' },
  { type: 'speech.heard', text: 'कांद्याला पाणी कधी द्यावे' },
  { type: 'speech.failed', reason: 'noSpeech' },
  { type: 'speech.failed', reason: 'denied' },
  { type: 'speak.start', id: 'a', text: TEXT.a },
  { type: 'speak.start', id: 'b', text: TEXT.b },
  { type: 'speak.stop' },
  { type: 'speech.spoken' },
  // The browser's voices change ('voiceschanged'): the Marathi voice goes, or comes (back).
  { type: 'speech.voices', canSpeak: false },
  { type: 'speech.voices', canSpeak: true },
];
const INPUT = { lang: 'mr-IN', canListen: true, canSpeak: true };
const paths = modelPaths(speechMachine, {
  events: EVENTS,
  input: INPUT,
  // A tap on the button of the text being read stops it ('speak.stop'); it never starts the same text again.
  filterEvents: (s, e) =>
    s.can(e) &&
    !(e.type === 'speak.start' && s.context.speakingId === e.id) &&
    // Voices that change to what they were change nothing on screen.
    !(e.type === 'speech.voices' && s.context.canSpeak === e.canSpeak),
  serializeState: serializeWith((c: SpeechContext) => [c.speakingId, c.notice, c.canSpeak]),
});

/** The browser's speech API, as small as the app uses it; it records what the app asked of it. */
function fakeSpeech() {
  const made: FakeRecognition[] = [];
  class FakeRecognition implements Recognition {
    lang = '';
    interimResults = true;
    maxAlternatives = 5;
    continuous = true;
    started = false;
    aborted = false;
    onresult: Recognition['onresult'] = null;
    onerror: Recognition['onerror'] = null;
    onend: Recognition['onend'] = null;
    constructor() {
      made.push(this);
    }
    start() {
      this.started = true;
    }
    abort() {
      this.aborted = true;
    }
  }
  class FakeUtterance implements Utterance {
    lang = '';
    voice: unknown = null;
    onend: Utterance['onend'] = null;
    onerror: Utterance['onerror'] = null;
    constructor(public text: string) {}
  }
  const all = [
    { lang: 'en-IN', name: 'English (India)' },
    { lang: 'mr_IN', name: 'मराठी' },
    { lang: 'hi-IN', name: 'हिन्दी' },
  ];
  const voices = [...all];
  const heed = new Set<() => void>();
  const synthesis = {
    spoken: [] as FakeUtterance[],
    cancels: 0,
    speak(u: Utterance) {
      this.spoken.push(u as FakeUtterance);
    },
    cancel() {
      this.cancels++;
    },
    getVoices: () => voices,
    addEventListener: (_type: 'voiceschanged', l: () => void) => void heed.add(l),
    removeEventListener: (_type: 'voiceschanged', l: () => void) => void heed.delete(l),
    /** The browser's voices become `list` and it fires 'voiceschanged'. */
    setVoices(list: typeof all) {
      voices.splice(0, voices.length, ...list);
      heed.forEach((l) => l());
    },
    listeners: () => heed.size,
  };
  const api: SpeechApi = { Recognition: FakeRecognition, synthesis, Utterance: FakeUtterance };
  return { api, made, synthesis, voices: all };
}

let fake = fakeSpeech();
const heard: string[] = [];
const lastRecognition = () => fake.made[fake.made.length - 1];
const lastUtterance = () => fake.synthesis.spoken[fake.synthesis.spoken.length - 1];

function render(api: SpeechApi = fake.api) {
  heard.length = 0;
  renderView(
    <SpeechProvider api={api}>
      <MicButton onHeard={(t) => heard.push(t)} />
      <p>
        {TEXT.a} <SpeakButton id="a" text={TEXT.a} />
      </p>
      <p>
        {TEXT.b} <SpeakButton id="b" text={TEXT.b} />
      </p>
    </SpeechProvider>,
    { locale: 'mr' },
  );
}

const mic = () => screen.getByTestId('mic-button');
const speakButtons = () => screen.getAllByTestId('speak-button');
const speakButton = (id: 'a' | 'b') => speakButtons()[id === 'a' ? 0 : 1];

describeModel('speech model', {
  paths,
  events: EVENTS,
  machine: speechMachine,
  states: ['idle', 'listening', 'speaking'],
  render: () => {
    fake = fakeSpeech();
    render();
    // What the farmer should see, worked out from what they pressed and what the browser answered along the path
    // (not read from the snapshot): a machine that took a wrong step is caught where its snapshot and the screen agree.
    const want = { state: 'idle', speakingId: null as string | null, notice: null as string | null, canSpeak: true };
    const follow = (e: Ev) => {
      const from = want.state;
      if (e.type === 'mic.start') Object.assign(want, { state: 'listening', speakingId: null, notice: null });
      else if (e.type === 'mic.stop' || e.type === 'speech.heard') want.state = 'idle';
      else if (e.type === 'speech.failed') Object.assign(want, { state: 'idle', notice: e.reason });
      else if (e.type === 'speak.start') Object.assign(want, { state: 'speaking', speakingId: e.id, notice: null });
      else if (e.type === 'speak.stop' || e.type === 'speech.spoken') Object.assign(want, { state: 'idle', speakingId: null });
      else if (e.type === 'speech.voices') {
        want.canSpeak = e.canSpeak;
        // The reading stops when its voice goes.
        if (from === 'speaking' && !e.canSpeak) Object.assign(want, { state: 'idle', speakingId: null });
      }
    };
    return {
      exec: (e: Ev) => {
        switch (e.type) {
          case 'xstate.init':
            return;
          case 'mic.start': {
            const before = fake.made.length;
            fireEvent.click(mic());
            expect(fake.made.length).toBe(before + 1);
            expect(lastRecognition()).toMatchObject({ lang: 'mr-IN', started: true, interimResults: false, continuous: false });
            return;
          }
          case 'mic.stop':
            fireEvent.click(mic());
            expect(lastRecognition().aborted).toBe(true);
            return;
          case 'speech.heard':
            act(() => lastRecognition().onresult!({ results: [[{ transcript: ` ${e.text} ` }]] }));
            expect(heard.at(-1)).toBe(e.text);
            return;
          case 'speech.failed':
            act(() => lastRecognition().onerror!({ error: e.reason === 'denied' ? 'not-allowed' : 'no-speech' }));
            return;
          case 'speak.start': {
            const before = fake.synthesis.spoken.length;
            fireEvent.click(speakButton(e.id));
            expect(fake.synthesis.spoken.length).toBe(before + 1);
            expect(lastUtterance()).toMatchObject({ text: e.text, lang: 'mr-IN', voice: fake.voices[1] });
            return;
          }
          case 'speak.stop': {
            const before = fake.synthesis.cancels;
            fireEvent.click(screen.getByRole('button', { name: mr['speech.speak.stop'] }));
            expect(fake.synthesis.cancels).toBeGreaterThan(before);
            return;
          }
          case 'speech.spoken':
            act(() => lastUtterance().onend!());
            return;
          case 'speech.voices': {
            const cancels = fake.synthesis.cancels;
            const reading = screen.queryByRole('button', { name: mr['speech.speak.stop'] }) !== null;
            // Gone: only an English voice of another country is left (neither mr-IN nor mr). Back: all three.
            act(() => fake.synthesis.setVoices(e.canSpeak ? fake.voices : [{ lang: 'en-US', name: 'English (US)' }]));
            // A reading under way stops when its voice goes.
            if (!e.canSpeak && reading) expect(fake.synthesis.cancels).toBeGreaterThan(cancels);
            return;
          }
          default:
            throw new Error(`no executor for ${e.type}`);
        }
      },
      check: (step) => {
        follow(step.event);
        const c = step.state.context as SpeechContext;
        expect(step.state.value).toBe(want.state);
        expect(c).toMatchObject({ notice: want.notice, canSpeak: want.canSpeak });
        if (want.state === 'speaking') expect(c.speakingId).toBe(want.speakingId);
        const listening = step.state.matches('listening');
        expect(mic()).toHaveAttribute('aria-pressed', String(listening));
        expect(mic()).toHaveAccessibleName(listening ? mr['speech.mic.stop'] : mr['speech.mic']);
        if (!c.canSpeak) expect(screen.queryAllByTestId('speak-button')).toHaveLength(0);
        else {
          for (const id of ['a', 'b'] as const) {
            const reading = step.state.matches('speaking') && c.speakingId === id;
            expect(speakButton(id)).toHaveAttribute('aria-pressed', String(reading));
            expect(speakButton(id)).toHaveAccessibleName(reading ? mr['speech.speak.stop'] : mr['speech.speak']);
          }
        }
        if (c.notice) expect(screen.getByRole('status')).toHaveTextContent(mr[`speech.notice.${c.notice}`]);
        else expect(screen.queryByRole('status')).toBeNull();
      },
    };
  },
});

/** The recognition's handlers as the browser calls them (the machine removes them when it stops listening). */
const recognitionSays = (r: Recognition, say: (r: Recognition) => void) => act(() => say(r));
const noResults = [[], [[]], [[{}]], [[{ transcript: '   ' }]]] as unknown as Parameters<NonNullable<Recognition['onresult']>>[0]['results'][];

describe('speech, steps the generated paths do not walk', () => {
  it('a tap on the microphone while it listens stops listening (the recognition is aborted)', () => {
    fake = fakeSpeech();
    render();
    fireEvent.click(mic());
    fireEvent.click(mic());
    expect(lastRecognition().aborted).toBe(true);
    expect(mic()).toHaveAttribute('aria-pressed', 'false');
    expect(mic()).toHaveAccessibleName(mr['speech.mic']);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a tap on the microphone while a text is read stops the reading and listens', () => {
    fake = fakeSpeech();
    render();
    fireEvent.click(speakButton('a'));
    const cancels = fake.synthesis.cancels;
    fireEvent.click(mic());
    expect(fake.synthesis.cancels).toBeGreaterThan(cancels);
    expect(lastRecognition()).toMatchObject({ started: true, lang: 'mr-IN' });
    expect(mic()).toHaveAttribute('aria-pressed', 'true');
    expect(speakButton('a')).toHaveAttribute('aria-pressed', 'false');
  });

  it('the reading stops, and its buttons go, when the language’s voice goes; they come back, not pressed, with it', () => {
    fake = fakeSpeech();
    render();
    fireEvent.click(speakButton('b'));
    const cancels = fake.synthesis.cancels;
    act(() => fake.synthesis.setVoices([{ lang: 'en-US', name: 'English (US)' }]));
    expect(fake.synthesis.cancels).toBeGreaterThan(cancels);
    expect(screen.queryAllByTestId('speak-button')).toHaveLength(0);
    act(() => fake.synthesis.setVoices(fake.voices));
    expect(speakButtons().map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'false']);
    // Listening is not held up by a reading that is still going on.
    fireEvent.click(mic());
    expect(mic()).toHaveAttribute('aria-pressed', 'true');
  });

  it('a result without words is not a question: listening goes on, and its end without words says nothing was heard', () => {
    fake = fakeSpeech();
    render();
    fireEvent.click(mic());
    const r = lastRecognition();
    for (const results of noResults) recognitionSays(r, (x) => x.onresult!({ results }));
    expect(heard).toEqual([]);
    expect(mic()).toHaveAttribute('aria-pressed', 'true');
    recognitionSays(r, (x) => x.onend!());
    expect(mic()).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('status')).toHaveTextContent(mr['speech.notice.noSpeech']);
    // It ended by itself: nothing to abort.
    expect(r.aborted).toBe(false);
    // Listening again clears the notice.
    fireEvent.click(mic());
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a recognition that ended with words or an error is not aborted; one that cannot start says voice input is not working', () => {
    fake = fakeSpeech();
    render();
    fireEvent.click(mic());
    const heardOne = lastRecognition();
    recognitionSays(heardOne, (x) => x.onresult!({ results: [[{ transcript: 'पाऊस' }]] }));
    expect(heard).toEqual(['पाऊस']);
    expect(heardOne.aborted).toBe(false);
    fireEvent.click(mic());
    const failed = lastRecognition();
    recognitionSays(failed, (x) => x.onerror!({ error: 'network' }));
    expect(failed.aborted).toBe(false);
    expect(screen.getByRole('status')).toHaveTextContent(mr['speech.notice.failed']);
    fireEvent.click(speakButton('a'));
    expect(screen.queryByRole('status')).toBeNull();
    // The browser refuses to start (e.g. already listening in another tab).
    fake.api.Recognition!.prototype.start = () => {
      throw new Error('InvalidStateError');
    };
    fireEvent.click(mic());
    expect(lastRecognition().aborted).toBe(false);
    expect(mic()).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('status')).toHaveTextContent(mr['speech.notice.failed']);
  });
});

describe('speech machine, what its guards and actors refuse', () => {
  const none: SpeechApi = { Recognition: null, synthesis: null, Utterance: null };
  const machine = (api: SpeechApi) => speechMachine.provide({ actors: speechActors(api) });

  it('does not listen where the browser cannot (canListen false), idle or reading', () => {
    fake = fakeSpeech();
    const a = createActor(machine(fake.api), { input: { ...INPUT, canListen: false } }).start();
    a.send({ type: 'mic.start' });
    expect(a.getSnapshot().value).toBe('idle');
    a.send({ type: 'speak.start', id: 'a', text: TEXT.a });
    a.send({ type: 'mic.start' });
    expect(a.getSnapshot().value).toBe('speaking');
    expect(fake.made).toHaveLength(0);
    a.stop();
  });

  it('does not read aloud without a voice of the language (canSpeak false)', () => {
    fake = fakeSpeech();
    const a = createActor(machine(fake.api), { input: { ...INPUT, canSpeak: false } }).start();
    a.send({ type: 'speak.start', id: 'a', text: TEXT.a });
    expect(a.getSnapshot().value).toBe('idle');
    expect(fake.synthesis.spoken).toHaveLength(0);
    a.stop();
  });

  it('without the browser’s APIs, listening fails at once and reading ends at once (no error)', () => {
    const a = createActor(machine(none), { input: INPUT }).start();
    a.send({ type: 'mic.start' });
    expect(a.getSnapshot()).toMatchObject({ status: 'active', value: 'idle', context: { notice: 'failed' } });
    a.send({ type: 'speak.start', id: 'a', text: TEXT.a });
    expect(a.getSnapshot()).toMatchObject({ status: 'active', value: 'idle', context: { notice: null } });
    // Synthesis without the utterance constructor (or the other way round) is no synthesis either.
    const b = createActor(machine({ ...none, synthesis: fakeSpeech().synthesis }), { input: INPUT }).start();
    b.send({ type: 'speak.start', id: 'a', text: TEXT.a });
    expect(b.getSnapshot()).toMatchObject({ status: 'active', value: 'idle' });
    a.stop();
    b.stop();
  });
});

describe('speech buttons', () => {
  it('are not shown where the browser has no speech API, and nothing else changes', () => {
    render({ Recognition: null, synthesis: null, Utterance: null });
    expect(screen.queryByTestId('mic-button')).toBeNull();
    expect(screen.queryByTestId('speak-button')).toBeNull();
    expect(screen.getByText(TEXT.a)).toBeInTheDocument();
  });

  it('shows only reading aloud where the browser can speak but not listen', () => {
    render({ ...fake.api, Recognition: null });
    expect(screen.queryByTestId('mic-button')).toBeNull();
    expect(speakButtons()).toHaveLength(2);
  });

  it('show reading aloud only once a voice of the language has arrived (Chrome loads voices after the page)', () => {
    fake = fakeSpeech();
    fake.synthesis.setVoices([]);
    const { unmount } = renderView(
      <SpeechProvider api={fake.api}>
        <MicButton onHeard={() => {}} />
        <SpeakButton id="a" text={TEXT.a} />
      </SpeechProvider>,
      { locale: 'mr' },
    );
    expect(screen.queryByTestId('speak-button')).toBeNull();
    // The microphone does not depend on voices.
    expect(screen.getByTestId('mic-button')).toBeInTheDocument();
    act(() => fake.synthesis.setVoices([{ lang: 'en-US', name: 'English (US)' }, { lang: 'hi-IN', name: 'हिन्दी' }]));
    expect(screen.queryByTestId('speak-button')).toBeNull();
    // A voice tagged with the language alone ('mr') reads Marathi too.
    act(() => fake.synthesis.setVoices([{ lang: 'mr', name: 'Marathi' }]));
    fireEvent.click(screen.getByTestId('speak-button'));
    expect(lastUtterance()).toMatchObject({ lang: 'mr-IN', voice: { lang: 'mr', name: 'Marathi' } });
    expect(fake.synthesis.listeners()).toBe(1);
    unmount();
    expect(fake.synthesis.listeners()).toBe(0);
  });

  it('in Hindi, a Marathi voice alone does not make the button appear', () => {
    fake = fakeSpeech();
    fake.synthesis.setVoices([{ lang: 'mr-IN', name: 'मराठी' }]);
    renderView(
      <SpeechProvider api={fake.api}>
        <SpeakButton id="a" text="कल बारिश होगी।" />
      </SpeechProvider>,
      { locale: 'hi' },
    );
    expect(screen.queryByTestId('speak-button')).toBeNull();
    act(() => fake.synthesis.setVoices([{ lang: 'mr-IN', name: 'मराठी' }, { lang: 'hi-IN', name: 'हिन्दी' }]));
    expect(screen.getByTestId('speak-button')).toBeInTheDocument();
  });

  it('render nothing outside a SpeechProvider (a screen without voice)', () => {
    renderView(<SpeakButton id="x" text={TEXT.a} />, { locale: 'mr' });
    expect(screen.queryByTestId('speak-button')).toBeNull();
  });

  it('listens in Hindi and English when that is the language on screen', () => {
    for (const [locale, lang] of [
      ['hi', 'hi-IN'],
      ['en', 'en-IN'],
    ] as const) {
      fake = fakeSpeech();
      const { unmount } = renderView(
        <SpeechProvider api={fake.api}>
          <MicButton onHeard={() => {}} />
          <SpeakButton id="a" text="x" />
        </SpeechProvider>,
        { locale },
      );
      fireEvent.click(screen.getByTestId('mic-button'));
      expect(lastRecognition().lang).toBe(lang);
      fireEvent.click(screen.getByTestId('speak-button'));
      expect(lastUtterance()).toMatchObject({ lang, voice: fake.voices.find((v) => v.lang.replace('_', '-') === lang) });
      unmount();
    }
  });

  it('puts a spoken question into the chatbot draft (the browser API as the chatbot panel finds it)', () => {
    fake = fakeSpeech();
    const w = globalThis as Record<string, unknown>;
    w.webkitSpeechRecognition = fake.api.Recognition;
    try {
      renderView(<ChatbotPanel />, { locale: 'mr' });
      fireEvent.click(screen.getByRole('button', { name: mr['speech.mic'] }));
      act(() => lastRecognition().onresult!({ results: [[{ transcript: 'सोयाबीनवर कोणती फवारणी करावी' }]] }));
      expect(screen.getByRole('textbox', { name: mr['chatbot.input'] })).toHaveValue('सोयाबीनवर कोणती फवारणी करावी');
      // No speechSynthesis in this browser: no read-aloud buttons on the answers.
      expect(screen.queryByRole('button', { name: mr['speech.speak'] })).toBeNull();
    } finally {
      delete w.webkitSpeechRecognition;
    }
  });
});
