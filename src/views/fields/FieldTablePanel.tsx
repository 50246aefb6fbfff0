/** The field table wired to the app (used on /fields and in the admin dashboard). */
import { fieldTableMachine } from '@/machines/fieldTable.machine';
import { FieldTableContext } from '@/machines/fieldTable.context';
import type { StaffRole } from '@/views/ui/useSignedIn';
import { FieldTable } from './FieldTable';

export function FieldTablePanel({ actorRole, onAddField }: { actorRole: StaffRole; onAddField?: () => void }) {
  return (
    <FieldTableContext.Provider logic={fieldTableMachine} options={{ input: { actorRole } }}>
      <FieldTable onAddField={onAddField} />
    </FieldTableContext.Provider>
  );
}
