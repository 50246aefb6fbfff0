import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import mr from '@/i18n/messages/mr.json';
import type { SpeechApi } from '@/machines/speech.machine';
import { MicButton, SpeakButton, SpeechProvider } from './Speech';
import '@/views/tools/tools.css';

type Recognition = InstanceType<NonNullable<SpeechApi['Recognition']>>;
type Utterance = InstanceType<NonNullable<SpeechApi['Utterance']>>;

/**
 * The browser's speech APIs, as small as the app uses them (the API boundary, as tests/model/speech.model.test.tsx
 * fakes it): what the app asked is recorded, and the play functions answer as the browser would (words heard, an
 * error, the end of a reading). In Storybook the buttons show in any browser, with or without the real APIs.
 */
const browser = {
  recognitions: [] as Recognition[],
  spoken: [] as Utterance[],
  voices: [
    { lang: 'en-IN', name: 'English (India)' },
    { lang: 'mr_IN', name: 'मराठी' },
  ],
};
class FakeRecognition implements Recognition {
  lang = '';
  interimResults = true;
  maxAlternatives = 5;
  continuous = true;
  onresult: Recognition['onresult'] = null;
  onerror: Recognition['onerror'] = null;
  onend: Recognition['onend'] = null;
  constructor() {
    browser.recognitions.push(this);
  }
  start() {}
  abort() {}
}
class FakeUtterance implements Utterance {
  lang = '';
  voice: unknown = null;
  onend: Utterance['onend'] = null;
  onerror: Utterance['onerror'] = null;
  constructor(public text: string) {}
}
const FAKE: SpeechApi = {
  Recognition: FakeRecognition,
  Utterance: FakeUtterance,
  synthesis: { speak: (u) => void browser.spoken.push(u), cancel: () => {}, getVoices: () => browser.voices },
};
const NONE: SpeechApi = { Recognition: null, Utterance: null, synthesis: null };
const listening = () => browser.recognitions.at(-1)!;
const reading = () => browser.spoken.at(-1)!;

const ADVICE = 'माती कोरडी आहे. संध्याकाळी पाणी द्या.';
const WEATHER = 'उद्या पाऊस आहे. फवारणी पुढे ढकला.';
const QUESTION = 'कांद्याला पाणी कधी द्यावे';

/** A screen with voice, in the chatbot's look: two answers to read aloud, and the question box the microphone fills. */
function SpeechScreen({ api }: { api: SpeechApi }) {
  const [draft, setDraft] = useState('');
  return (
    <SpeechProvider api={api}>
      <main className="page">
        <div className="chat-log">
        <p className="chat-message" data-from="bot">
          {ADVICE}
          <SpeakButton id="advice" text={ADVICE} />
        </p>
        <p className="chat-message" data-from="bot">
          {WEATHER}
          <SpeakButton id="weather" text={WEATHER} />
        </p>
        </div>
        <div className="chat-compose">
          <input aria-label={mr['chatbot.placeholder']} placeholder={mr['chatbot.placeholder']} value={draft} onChange={(e) => setDraft(e.target.value)} />
          <MicButton onHeard={setDraft} />
        </div>
      </main>
    </SpeechProvider>
  );
}

const meta = {
  title: 'UI/Speech',
  component: SpeechScreen,
  args: { api: FAKE },
  beforeEach: () => {
    browser.recognitions.length = 0;
    browser.spoken.length = 0;
  },
} satisfies Meta<typeof SpeechScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;
const mic = (canvas: Canvas) => canvas.getByTestId('mic-button');
const speakers = (canvas: Canvas) => canvas.getAllByTestId('speak-button');
const startListening = async (canvas: Canvas) => {
  await userEvent.click(canvas.getByRole('button', { name: mr['speech.mic'] }));
  await expect(browser.recognitions).toHaveLength(1);
};

/** Idle: the microphone and a 'Read aloud' button under each text; nothing is listening or reading. */
export const Idle: Story = {
  play: async ({ canvas }) => {
    await expect(mic(canvas)).toHaveAttribute('aria-label', mr['speech.mic']);
    await expect(mic(canvas)).toHaveAttribute('aria-pressed', 'false');
    await expect(speakers(canvas).map((b: HTMLElement) => b.getAttribute('aria-label'))).toEqual([mr['speech.speak'], mr['speech.speak']]);
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

/** Listening, in Marathi: the microphone is pressed and says a tap stops it. */
export const Listening: Story = {
  play: async ({ canvas }) => {
    await startListening(canvas);
    await expect(mic(canvas)).toHaveAttribute('aria-pressed', 'true');
    await expect(mic(canvas)).toHaveAccessibleName(mr['speech.mic.stop']);
    await expect(listening().lang).toBe('mr-IN');
  },
};

/** Heard: the words go into the question box and the microphone is free again. */
export const Heard: Story = {
  play: async ({ canvas }) => {
    await startListening(canvas);
    listening().onresult!({ results: [[{ transcript: ` ${QUESTION} ` }]] });
    await waitFor(() => expect(canvas.getByLabelText(mr['chatbot.placeholder'])).toHaveValue(QUESTION));
    await expect(mic(canvas)).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

/** Listening ended with no words: a notice says so and how to try again. */
export const NothingHeard: Story = {
  play: async ({ canvas }) => {
    await startListening(canvas);
    listening().onend!();
    await expect(await canvas.findByRole('status')).toHaveTextContent(mr['speech.notice.noSpeech']);
    await expect(mic(canvas)).toHaveAttribute('aria-pressed', 'false');
    await expect(canvas.getByLabelText(mr['chatbot.placeholder'])).toHaveValue('');
  },
};

/** The browser refused the microphone: the notice says where to allow it; listening again clears it. */
export const MicrophoneRefused: Story = {
  play: async ({ canvas }) => {
    await startListening(canvas);
    listening().onerror!({ error: 'not-allowed' });
    await expect(await canvas.findByRole('status')).toHaveTextContent(mr['speech.notice.denied']);
    await userEvent.click(mic(canvas));
    await expect(canvas.queryByRole('status')).toBeNull();
    await expect(browser.recognitions).toHaveLength(2);
  },
};

/** Reading aloud, with the Marathi voice: that text's button is pressed and stops it; the other text's can still read. */
export const Reading: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(speakers(canvas)[0]);
    await expect(speakers(canvas)[0]).toHaveAttribute('aria-pressed', 'true');
    await expect(speakers(canvas)[0]).toHaveAccessibleName(mr['speech.speak.stop']);
    await expect(speakers(canvas)[1]).toHaveAccessibleName(mr['speech.speak']);
    await expect(reading().text).toBe(ADVICE);
    await expect(reading().lang).toBe('mr-IN');
    await expect(reading().voice).toEqual(browser.voices[1]);
  },
};

/** The reading ends on its own: the button is back to 'Read aloud'. */
export const ReadToTheEnd: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(speakers(canvas)[1]);
    await expect(reading().text).toBe(WEATHER);
    reading().onend!();
    await waitFor(() => expect(speakers(canvas)[1]).toHaveAttribute('aria-pressed', 'false'));
    await expect(speakers(canvas)[1]).toHaveAccessibleName(mr['speech.speak']);
  },
};

/** A browser without the speech APIs: no voice buttons at all; the texts and the question box are as they were. */
export const WithoutSpeech: Story = {
  args: { api: NONE },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(ADVICE)).toBeInTheDocument();
    await expect(canvas.getByLabelText(mr['chatbot.placeholder'])).toBeEnabled();
    await expect(canvas.queryByTestId('mic-button')).toBeNull();
    await expect(canvas.queryAllByTestId('speak-button')).toHaveLength(0);
  },
};
