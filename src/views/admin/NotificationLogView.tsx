/**
 * /notification-log: the admins' notification delivery log (issue 16). The route is a staff route; only admins
 * see it (a coordinator is sent home, as the server refuses them the log).
 */
import { useState } from 'react';
import { defineMessages } from 'react-intl';
import { Redirect } from 'wouter';
import { deliveryLogMachine } from '@/machines/deliveryLog.machine';
import { DeliveryLogContext } from '@/machines/deliveryLog.context';
import { isAdmin } from '@/machines/roles';
import { PATHS } from '@/app/paths';
import { AppHeader } from '@/views/ui/AppHeader';
import { useSignedIn } from '@/views/ui/useSignedIn';
import { useT } from '@/i18n/useT';
import { saveFile } from '../ui/saveFile';
import { DeliveryLog } from './DeliveryLog';
import '@/views/ui/workspace.css';

const m = defineMessages({ title: { id: 'route.notificationLog', defaultMessage: 'Notification log' } });

export function NotificationLogView() {
  const t = useT();
  const { role } = useSignedIn();
  const [logic] = useState(() => deliveryLogMachine.provide({ actions: { download: (_, { name, data }) => saveFile(name, data) } }));
  if (!isAdmin(role)) return <Redirect to={PATHS.home} replace />;
  return (
    <>
      <AppHeader subtitle={m.title} />
      <main className="staff-page">
        <h1>{t(m.title)}</h1>
        <DeliveryLogContext.Provider logic={logic}>
          <DeliveryLog />
        </DeliveryLogContext.Provider>
      </main>
    </>
  );
}
