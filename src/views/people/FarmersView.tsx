/** /farmers: admins get the full farmer table; a coordinator gets farmer management for their own farmers. */
import { useState } from 'react';
import { defineMessages } from 'react-intl';
import { useLocation } from 'wouter';
import { coordinatorFarmersMachine } from '@/machines/coordinatorFarmers.machine';
import { CoordinatorFarmersContext } from '@/machines/coordinatorFarmers.context';
import { AppHeader } from '@/views/ui/AppHeader';
import { useSignedIn } from '@/views/ui/useSignedIn';
import { useT } from '@/i18n/useT';
import { CoordinatorFarmers } from './CoordinatorFarmers';
import { AdminFarmers } from './AdminFarmers';
import { pm } from './peopleMessages';
import '@/views/ui/workspace.css';

const m = defineMessages({ title: { id: 'route.farmers', defaultMessage: 'Farmers' } });

export function FarmersView() {
  const t = useT();
  const { role } = useSignedIn();
  const [, navigate] = useLocation();
  const [coordinatorLogic] = useState(() => coordinatorFarmersMachine.provide({ actions: { navigate: (_, { to }) => navigate(to) } }));
  return (
    <>
      <AppHeader subtitle={m.title} />
      <main className="staff-page">
        <h1>{t(pm.title)}</h1>
        {role === 'coordinator' ? (
          <CoordinatorFarmersContext.Provider logic={coordinatorLogic}>
            <CoordinatorFarmers />
          </CoordinatorFarmersContext.Provider>
        ) : (
          <AdminFarmers />
        )}
      </main>
    </>
  );
}
