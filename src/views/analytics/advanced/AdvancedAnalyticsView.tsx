/**
 * /advanced-analytics: a field and a time range, Refresh Data, four cards (sensor trends, crop
 * performance, soil health, financial overview) each opening its report, and an insights block.
 * Unlike the spec's fixed sample data, every figure comes from the field's records on the server
 * (GET /advanced-analytics); a card with nothing recorded says so. Runs in advancedAnalyticsMachine;
 * each part is a file of this folder.
 */
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { AdvancedAnalyticsContext } from '@/machines/advancedAnalytics.context';
import { advancedAnalyticsMachine } from '@/machines/advancedAnalytics.machine';
import { AppHeader } from '@/views/ui/AppHeader';
import { m } from './advancedMessages';
import { Cards } from './Cards';
import { Detail } from './Detail';
import { Insights } from './Insights';
import { Status } from './Status';
import { Toolbar } from './Toolbar';
import './advanced.css';

export function AdvancedAnalyticsView({ logic }: { logic?: typeof advancedAnalyticsMachine }) {
  const intl = useIntl();
  const machine = useMemo(() => logic ?? advancedAnalyticsMachine, [logic]);
  return (
    <>
      <AppHeader subtitle={m.title} />
      <main className="page adv-page">
        <h1>{intl.formatMessage(m.title)}</h1>
        <p className="banner banner-info">{intl.formatMessage(m.honest)}</p>
        <AdvancedAnalyticsContext.Provider logic={machine}>
          <Toolbar />
          <Status />
          <Cards />
          <Detail />
          <Insights />
        </AdvancedAnalyticsContext.Provider>
      </main>
    </>
  );
}
