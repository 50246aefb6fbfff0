/** A screen whose content comes in a later issue: the real header, its name and a 'coming soon' line. */
import { defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { AppHeader } from './AppHeader';

const m = defineMessages({ comingSoon: { id: 'app.comingSoon', defaultMessage: 'This screen is coming soon.' } });

export function ComingSoon({ title, subtitle }: { title: MessageDescriptor; subtitle?: MessageDescriptor }) {
  const intl = useIntl();
  return (
    <>
      <AppHeader subtitle={subtitle} />
      <main className="page">
        <h1>{intl.formatMessage(title)}</h1>
        <p className="notice">{intl.formatMessage(m.comingSoon)}</p>
      </main>
    </>
  );
}
