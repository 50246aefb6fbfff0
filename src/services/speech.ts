/**
 * The browser's speech APIs (issue 17, item 6): recognition (SpeechRecognition / webkitSpeechRecognition)
 * for a spoken question, synthesis (speechSynthesis) to read text aloud. Neither is in every browser; the
 * speech machine's buttons appear only where `speechSupport` finds them (reading aloud: where a voice of the
 * language exists, watched through 'voiceschanged'). This file is the boundary: the
 * machine's actors call only what `SpeechApi` names, so tests hand the machine a small fake of it.
 */
import type { Locale } from '@/i18n/locales';

/** The recognition and voice language of each app language. */
export const SPEECH_LANG: Record<Locale, string> = { mr: 'mr-IN', hi: 'hi-IN', en: 'en-IN' };

/** The part of the Web Speech API's recognition object the app uses. */
export type Recognition = {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  continuous: boolean;
  onresult: ((e: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((e: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  abort(): void;
};

export type Utterance = {
  text: string;
  lang: string;
  voice: unknown;
  onend: (() => void) | null;
  onerror: ((e: { error: string }) => void) | null;
};

export type Synthesis = {
  speak(u: Utterance): void;
  cancel(): void;
  getVoices(): Array<{ lang: string; name: string }>;
  /** 'voiceschanged': the voices arrived or changed (Chrome loads them after the page: getVoices() is [] at first). */
  addEventListener?(type: 'voiceschanged', listener: () => void): void;
  removeEventListener?(type: 'voiceschanged', listener: () => void): void;
};

export type SpeechApi = {
  Recognition: (new () => Recognition) | null;
  synthesis: Synthesis | null;
  Utterance: (new (text: string) => Utterance) | null;
};

/** What this browser has (nothing on the server, in jsdom or where a browser lacks the APIs). */
export function browserSpeech(): SpeechApi {
  const w = globalThis as unknown as Record<string, unknown>;
  const Recognition = (w.SpeechRecognition ?? w.webkitSpeechRecognition ?? null) as SpeechApi['Recognition'];
  const synthesis = (w.speechSynthesis ?? null) as Synthesis | null;
  const Utterance = (w.SpeechSynthesisUtterance ?? null) as SpeechApi['Utterance'];
  return { Recognition, synthesis: synthesis && Utterance ? synthesis : null, Utterance: synthesis ? Utterance : null };
}

/**
 * What the buttons may offer in `lang`: listening where the browser has recognition; reading aloud only where it
 * has a voice for the language (the exact tag or the same language, `voiceFor`): the browser's default voice would
 * read Marathi badly or not at all. The voices can arrive late: `watchVoices` tells when they change.
 */
export const speechSupport = (api: SpeechApi, lang: string) => ({
  canListen: api.Recognition !== null,
  canSpeak: api.synthesis !== null && api.Utterance !== null && voiceFor(api.synthesis, lang) !== null,
});

/** Calls `changed` each time the browser's voices change (nothing where it has no synthesis or no such event). */
export function watchVoices(api: SpeechApi, changed: () => void): () => void {
  const synthesis = api.synthesis;
  if (!synthesis?.addEventListener) return () => {};
  synthesis.addEventListener('voiceschanged', changed);
  return () => synthesis.removeEventListener?.('voiceschanged', changed);
}

/** A voice for `lang` ('mr-IN'): the exact tag, else the same language ('mr'), else none (the browser's default). */
export function voiceFor(synthesis: Synthesis, lang: string) {
  let voices: ReturnType<Synthesis['getVoices']>;
  try {
    voices = synthesis.getVoices() ?? [];
  } catch {
    return null;
  }
  const base = lang.slice(0, 2).toLowerCase();
  return voices.find((v) => v.lang.replace('_', '-').toLowerCase() === lang.toLowerCase()) ?? voices.find((v) => v.lang.slice(0, 2).toLowerCase() === base) ?? null;
}

/** Why listening ended without words, as the machine names it. */
export type HearingFailure = 'noSpeech' | 'denied' | 'failed';

export function hearingFailure(error: string): HearingFailure {
  if (error === 'no-speech' || error === 'aborted') return 'noSpeech';
  if (error === 'not-allowed' || error === 'service-not-allowed') return 'denied';
  return 'failed';
}
