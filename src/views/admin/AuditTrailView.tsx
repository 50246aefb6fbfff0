/**
 * /audit: the audit trail of every staff action (issue 19), for admins and superadmins. The route is a staff
 * route; a coordinator is sent home (the server refuses them the trail too).
 */
import { useState } from 'react';
import { defineMessages } from 'react-intl';
import { Redirect } from 'wouter';
import { auditTrailMachine } from '@/machines/auditTrail.machine';
import { AuditTrailContext } from '@/machines/auditTrail.context';
import { isAdmin } from '@/machines/roles';
import { PATHS } from '@/app/paths';
import { AppHeader } from '@/views/ui/AppHeader';
import { useSignedIn } from '@/views/ui/useSignedIn';
import { useT } from '@/i18n/useT';
import { saveFile } from '../ui/saveFile';
import { AuditTrail } from './AuditTrail';
import '@/views/ui/workspace.css';

const m = defineMessages({
  title: { id: 'route.audit', defaultMessage: 'Audit trail' },
  lead: { id: 'audit.lead', defaultMessage: 'Every staff action: who did it, when, from where and what changed. Entries cannot be edited or deleted.' },
});

export function AuditTrailView({ logic }: { logic?: typeof auditTrailMachine }) {
  const t = useT();
  const { role } = useSignedIn();
  // A given machine (a test, a story) brings its own effects; the app's saves the file for the user.
  const [machine] = useState(() => logic ?? auditTrailMachine.provide({ actions: { download: (_, { name, data }) => saveFile(name, data) } }));
  if (!isAdmin(role)) return <Redirect to={PATHS.home} replace />;
  return (
    <>
      <AppHeader subtitle={m.title} />
      <main className="staff-page">
        <h1>{t(m.title)}</h1>
        <p className="lead">{t(m.lead)}</p>
        <AuditTrailContext.Provider logic={machine}>
          <AuditTrail />
        </AuditTrailContext.Provider>
      </main>
    </>
  );
}
