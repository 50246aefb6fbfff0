/**
 * Generated path tests for speaking and listening (src/machines/speech.machine.ts) through its buttons
 * (src/views/ui/Speech.tsx): every shortest path, driven by taps and by a small fake of the browser's speech
 * API (jsdom has none) handed to the machine's actors — the API boundary, not a stand-in for our code.
 * Marathi on screen: recognition in mr-IN, the Marathi voice for reading.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { AnyEventObject } from 'xstate';
import { speechMachine, type SpeechContext } from '@/machines/speech.machine';
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
        const c = step.state.context as SpeechContext;
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
