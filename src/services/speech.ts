/**
 * The browser's speech APIs (issue 17, item 6): recognition (SpeechRecognition / webkitSpeechRecognition)
 * for a spoken question, synthesis (speechSynthesis) to read text aloud. Neither is in every browser; the
 * speech machine's buttons appear only where `speechSupport` finds them. This file is the boundary: the
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

export const speechSupport = (api: SpeechApi) => ({ canListen: api.Recognition !== null, canSpeak: api.synthesis !== null && api.Utterance !== null });

/** A voice for `lang` ('mr-IN'): the exact tag, else the same language ('mr'), else none (the browser's default). */
export function voiceFor(synthesis: Synthesis, lang: string) {
  const voices = synthesis.getVoices();
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
