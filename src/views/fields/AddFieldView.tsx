/** /add-field: the Add Field form; success goes to / after 2 s, Cancel goes back one page. */
import { useState } from 'react';
import { defineMessages } from 'react-intl';
import { useLocation } from 'wouter';
import { addFieldMachine } from '@/machines/addField.machine';
import { AddFieldContext } from '@/machines/addField.context';
import { AppHeader } from '@/views/ui/AppHeader';
import { useSignedIn } from '@/views/ui/useSignedIn';
import { AddFieldForm } from './AddFieldForm';
import '@/views/ui/workspace.css';

const m = defineMessages({ title: { id: 'route.addField', defaultMessage: 'Add Field' } });

export function AddFieldView() {
  const { role } = useSignedIn();
  const [, navigate] = useLocation();
  const [logic] = useState(() =>
    addFieldMachine.provide({ actions: { navigate: (_, { to }) => navigate(to), goBack: () => window.history.back() } }),
  );
  return (
    <>
      <AppHeader subtitle={m.title} />
      <AddFieldContext.Provider logic={logic} options={{ input: { actorRole: role } }}>
        <AddFieldForm />
      </AddFieldContext.Provider>
    </>
  );
}
