/**
 * Voice for a farmer who reads little (issue 17, item 6). `SpeechProvider` runs one speech machine for a screen
 * in the language on screen (mr-IN, hi-IN, en-IN); `MicButton` asks a question by voice, `SpeakButton` reads a
 * text aloud. Each button renders only where the browser has the API it needs (reading aloud: a voice of the
 * language, which may arrive after the screen: the button then appears), and nothing else on the screen
 * depends on them: without a provider, or without the API, they render nothing.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { isLocale, DEFAULT_LOCALE } from '@/i18n/locales';
import { speechLang, speechLogic, type speechMachine, type SpeechApi } from '@/machines/speech.machine';
import './speech.css';

const m = defineMessages({
  mic: { id: 'speech.mic', defaultMessage: 'Ask by voice' },
  micStop: { id: 'speech.mic.stop', defaultMessage: 'Listening… tap to stop' },
  speak: { id: 'speech.speak', defaultMessage: 'Read aloud' },
  speakStop: { id: 'speech.speak.stop', defaultMessage: 'Stop reading' },
  noSpeech: { id: 'speech.notice.noSpeech', defaultMessage: 'Nothing was heard. Tap the microphone and speak again.' },
  denied: { id: 'speech.notice.denied', defaultMessage: 'The microphone is not allowed. Allow it in the browser settings to ask by voice.' },
  failed: { id: 'speech.notice.failed', defaultMessage: 'Voice input is not working right now. Please type your question.' },
});

type SpeechActor = ActorRefFrom<typeof speechMachine>;
const SpeechActorContext = createContext<SpeechActor | null>(null);

/** `api`: the browser's speech APIs by default; tests pass a fake (the API boundary, src/services/speech.ts). */
export function SpeechProvider({ children, api }: { children: ReactNode; api?: SpeechApi }) {
  const intl = useIntl();
  const code = intl.locale.slice(0, 2);
  const lang = speechLang(isLocale(code) ? code : DEFAULT_LOCALE);
  // A new language is a new machine (what was being read was in the old one).
  return (
    <SpeechRunner key={lang} lang={lang} api={api}>
      {children}
    </SpeechRunner>
  );
}

function SpeechRunner({ children, api, lang }: { children: ReactNode; api?: SpeechApi; lang: string }) {
  const [logic] = useState(() => speechLogic(api));
  const actor = useActorRef(logic.machine, { input: { lang, ...logic.support(lang) } });
  return <SpeechActorContext.Provider value={actor}>{children}</SpeechActorContext.Provider>;
}

const MicIcon = () => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3Zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.92V21h2v-3.08A7 7 0 0 0 19 11h-2Z" />
  </svg>
);

const SpeakerIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path fill="currentColor" d="M3 9v6h4l5 5V4L7 9H3Zm13.5 3A4.5 4.5 0 0 0 14 7.97v8.05A4.5 4.5 0 0 0 16.5 12ZM14 3.23v2.06a7 7 0 0 1 0 13.42v2.06a9 9 0 0 0 0-17.54Z" />
  </svg>
);

/** Asks by voice; what was heard goes to `onHeard` (the chatbot puts it in its draft). */
export function MicButton({ onHeard }: { onHeard: (text: string) => void }) {
  const actor = useContext(SpeechActorContext);
  return actor ? <Mic actor={actor} onHeard={onHeard} /> : null;
}

function Mic({ actor, onHeard }: { actor: SpeechActor; onHeard: (text: string) => void }) {
  const intl = useIntl();
  const canListen = useSelector(actor, (s) => s.context.canListen);
  const listening = useSelector(actor, (s) => s.hasTag('listening'));
  const notice = useSelector(actor, (s) => s.context.notice);
  useEffect(() => actor.on('heard', (e) => onHeard(e.text)).unsubscribe, [actor, onHeard]);
  if (!canListen) return null;
  return (
    <>
      <button
        type="button"
        className="button button-secondary speech-button"
        aria-pressed={listening}
        aria-label={intl.formatMessage(listening ? m.micStop : m.mic)}
        title={intl.formatMessage(listening ? m.micStop : m.mic)}
        onClick={() => actor.send({ type: listening ? 'mic.stop' : 'mic.start' })}
        data-testid="mic-button"
      >
        <MicIcon />
      </button>
      {notice && (
        <p className="speech-notice" role="status">
          {intl.formatMessage(m[notice])}
        </p>
      )}
    </>
  );
}

/** Reads `text` aloud (again: stops). `id` tells this text from the others read on the same screen. */
export function SpeakButton({ id, text }: { id: string; text: string }) {
  const actor = useContext(SpeechActorContext);
  return actor ? <Speak actor={actor} id={id} text={text} /> : null;
}

function Speak({ actor, id, text }: { actor: SpeechActor; id: string; text: string }) {
  const intl = useIntl();
  const canSpeak = useSelector(actor, (s) => s.context.canSpeak);
  const speaking = useSelector(actor, (s) => s.hasTag('speaking') && s.context.speakingId === id);
  if (!canSpeak || !text.trim()) return null;
  return (
    <button
      type="button"
      className="button button-quiet speech-button speak-button"
      aria-pressed={speaking}
      aria-label={intl.formatMessage(speaking ? m.speakStop : m.speak)}
      title={intl.formatMessage(speaking ? m.speakStop : m.speak)}
      onClick={() => actor.send(speaking ? { type: 'speak.stop' } : { type: 'speak.start', id, text })}
      data-testid="speak-button"
    >
      <SpeakerIcon />
    </button>
  );
}
