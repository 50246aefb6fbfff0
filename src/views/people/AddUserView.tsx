/** /add-admin, /add-coordinator, /add-farmer: the add-user form for the signed-in role. */
import { useState } from 'react';
import { defineMessages } from 'react-intl';
import { useLocation } from 'wouter';
import { addUserMachine } from '@/machines/addUser.machine';
import { AddUserContext } from '@/machines/addUser.context';
import { AppHeader } from '@/views/ui/AppHeader';
import { useSignedIn } from '@/views/ui/useSignedIn';
import { AddUserForm } from './AddUserForm';
import '@/views/ui/workspace.css';

const m = defineMessages({
  admin: { id: 'roleLinks.addAdmin', defaultMessage: 'Add Admin' },
  coordinator: { id: 'roleLinks.addCoordinator', defaultMessage: 'Add Coordinator' },
  farmer: { id: 'roleLinks.addFarmer', defaultMessage: 'Add Farmer' },
});

export function AddUserView({ role }: { role: 'admin' | 'coordinator' | 'farmer' }) {
  const { role: actorRole } = useSignedIn();
  const [, navigate] = useLocation();
  const [logic] = useState(() => addUserMachine.provide({ actions: { navigate: (_, { to }) => navigate(to) } }));
  return (
    <>
      <AppHeader subtitle={m[role]} />
      {/* Keyed by role: moving between the three forms starts a fresh one. */}
      <AddUserContext.Provider key={role} logic={logic} options={{ input: { role, actorRole } }}>
        <AddUserForm />
      </AddUserContext.Provider>
    </>
  );
}
