/**
 * Speaking and listening (issue 17, item 6): a spoken question for the chatbot, and answers, advice and alerts
 * read aloud. One at a time: starting to listen stops the reading, reading something stops the listening or the
 * reading before. What was heard is emitted (`heard`) for the view that asked (the chatbot puts it in its
 * draft); listening that ends without words leaves a notice saying why. The browser's APIs are behind the
 * `listen` and `speak` actors (made from a SpeechApi, src/services/speech.ts): tests give them a fake one.
 * Where the browser lacks an API the guard refuses, and the views do not show the button at all; reading aloud
 * also needs a voice of the language (`canSpeak`), re-checked each time the browser's voices change ('voiceschanged':
 * Chrome loads them after the page).
 */
import { assign, emit, fromCallback, setup } from 'xstate';
import type { Locale } from '@/i18n/locales';
import {
  browserSpeech,
  hearingFailure,
  SPEECH_LANG,
  speechSupport,
  voiceFor,
  watchVoices,
  type HearingFailure,
  type SpeechApi,
} from '@/services/speech';

export type { SpeechApi, HearingFailure };

/** The recognition and voice language for the language on screen. */
export const speechLang = (locale: Locale) => SPEECH_LANG[locale];

export type SpeechEvent =
  | { type: 'mic.start' }
  | { type: 'mic.stop' }
  | { type: 'speak.start'; id: string; text: string }
  | { type: 'speak.stop' }
  | { type: 'speech.heard'; text: string }
  | { type: 'speech.failed'; reason: HearingFailure }
  | { type: 'speech.spoken' }
  /** The browser's voices changed (they load late): whether one reads the language now. */
  | { type: 'speech.voices'; canSpeak: boolean };

export type SpeechContext = { lang: string; canListen: boolean; canSpeak: boolean; speakingId: string | null; notice: HearingFailure | null };

/** The two actors over one SpeechApi (the browser's, or a test's fake). */
export function speechActors(api: SpeechApi) {
  return {
    listen: fromCallback<SpeechEvent, { lang: string }>(({ input, sendBack }) => {
      if (!api.Recognition) {
        sendBack({ type: 'speech.failed', reason: 'failed' });
        return () => {};
      }
      const r = new api.Recognition();
      r.lang = input.lang;
      r.interimResults = false;
      r.maxAlternatives = 1;
      r.continuous = false;
      let settled = false;
      r.onresult = (e) => {
        const text = e.results[0]?.[0]?.transcript?.trim();
        if (!text || settled) return;
        settled = true;
        sendBack({ type: 'speech.heard', text });
      };
      r.onerror = (e) => {
        if (settled) return;
        settled = true;
        sendBack({ type: 'speech.failed', reason: hearingFailure(e.error) });
      };
      // Ended with neither words nor an error: nothing was heard.
      r.onend = () => {
        if (settled) return;
        settled = true;
        sendBack({ type: 'speech.failed', reason: 'noSpeech' });
      };
      try {
        r.start();
      } catch {
        settled = true;
        sendBack({ type: 'speech.failed', reason: 'failed' });
      }
      return () => {
        r.onresult = r.onerror = r.onend = null;
        if (!settled) r.abort();
      };
    }),
    /** Re-checks for a voice of `lang` each time the browser's voices change. */
    voices: fromCallback<SpeechEvent, { lang: string }>(({ input, sendBack }) =>
      watchVoices(api, () => sendBack({ type: 'speech.voices', canSpeak: speechSupport(api, input.lang).canSpeak })),
    ),
    speak: fromCallback<SpeechEvent, { lang: string; text: string }>(({ input, sendBack }) => {
      const synthesis = api.synthesis;
      if (!synthesis || !api.Utterance) {
        sendBack({ type: 'speech.spoken' });
        return () => {};
      }
      const u = new api.Utterance(input.text);
      u.lang = input.lang;
      u.voice = voiceFor(synthesis, input.lang);
      // An error ('interrupted', no voice) ends the reading like its end does: there is nothing to retry.
      u.onend = u.onerror = () => sendBack({ type: 'speech.spoken' });
      synthesis.cancel();
      synthesis.speak(u);
      return () => {
        u.onend = u.onerror = null;
        synthesis.cancel();
      };
    }),
  };
}

/** The machine over `api` (the browser's by default) and what that API supports in a language (the machine's input). */
export function speechLogic(api: SpeechApi = browserSpeech()) {
  return { machine: speechMachine.provide({ actors: speechActors(api) }), support: (lang: string) => speechSupport(api, lang) };
}

export const speechMachine = setup({
  types: {
    context: {} as SpeechContext,
    events: {} as SpeechEvent,
    input: {} as { lang: string; canListen: boolean; canSpeak: boolean },
    emitted: {} as { type: 'heard'; text: string },
  },
  actors: speechActors(browserSpeech()),
  guards: {
    canListen: ({ context }) => context.canListen,
    canSpeak: ({ context }) => context.canSpeak,
  },
  actions: {
    speakStart: assign({ speakingId: ({ event }) => (event.type === 'speak.start' ? event.id : null), notice: null }),
  },
}).createMachine({
  id: 'speech',
  context: ({ input }) => ({ ...input, speakingId: null, notice: null }),
  initial: 'idle',
  invoke: { id: 'voices', src: 'voices', input: ({ context }) => ({ lang: context.lang }) },
  on: {
    'speak.start': { guard: 'canSpeak', target: '.speaking', reenter: true, actions: 'speakStart' },
    'speech.voices': { actions: assign({ canSpeak: ({ event }) => event.canSpeak }) },
  },
  states: {
    idle: {
      on: { 'mic.start': { guard: 'canListen', target: 'listening', actions: assign({ notice: null }) } },
    },
    listening: {
      tags: ['listening'],
      invoke: { src: 'listen', input: ({ context }) => ({ lang: context.lang }) },
      on: {
        'mic.stop': { target: 'idle' },
        'speech.heard': { target: 'idle', actions: emit(({ event }) => ({ type: 'heard' as const, text: event.text })) },
        'speech.failed': { target: 'idle', actions: assign({ notice: ({ event }) => event.reason }) },
      },
    },
    speaking: {
      tags: ['speaking'],
      invoke: {
        src: 'speak',
        input: ({ context, event }) => ({ lang: context.lang, text: event.type === 'speak.start' ? event.text : '' }),
      },
      exit: assign({ speakingId: null }),
      on: {
        'mic.start': { guard: 'canListen', target: 'listening', actions: assign({ notice: null }) },
        'speak.stop': { target: 'idle' },
        'speech.spoken': { target: 'idle' },
        // The language's voice is gone: the reading stops with its button.
        'speech.voices': { guard: ({ event }) => !event.canSpeak, target: 'idle', actions: assign({ canSpeak: false }) },
      },
    },
  },
});
