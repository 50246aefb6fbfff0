/**
 * The message for a failed staff call: the server's own text in the reader's language when it sent one
 * (spec: "response error, else ..."), else the screen's fallback.
 */
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { CallFailure } from '@/machines/personEdit';
import { languageOfTag } from '../../../contracts/languages';

export function useFailureText() {
  const intl = useIntl();
  return (error: CallFailure | null, fallback: MessageDescriptor, values?: Record<string, string | number>) =>
    (error?.body && error.serverMessage(languageOfTag(intl.locale, 'english'))) || intl.formatMessage(fallback, values);
}
