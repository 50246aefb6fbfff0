/**
 * The message for a failed staff call: the server's own text in the reader's language when it sent one
 * (spec: "response error, else ..."), else the screen's fallback.
 */
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { CallFailure } from '@/machines/personEdit';

const LANGUAGE_OF: Record<string, 'marathi' | 'english' | 'hindi'> = { mr: 'marathi', en: 'english', hi: 'hindi' };

export function useFailureText() {
  const intl = useIntl();
  return (error: CallFailure | null, fallback: MessageDescriptor, values?: Record<string, string | number>) =>
    (error?.body && error.serverMessage(LANGUAGE_OF[intl.locale.slice(0, 2)] ?? 'english')) || intl.formatMessage(fallback, values);
}
