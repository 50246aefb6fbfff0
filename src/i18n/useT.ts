/** formatMessage for descriptors from `defineMessages`, with values (react-intl 12's typed overloads reject them). */
import { useIntl, type MessageDescriptor } from 'react-intl';

export type Values = Record<string, string | number>;

export function useT() {
  const intl = useIntl();
  return (d: MessageDescriptor, values?: Values) => intl.formatMessage(d, values);
}
