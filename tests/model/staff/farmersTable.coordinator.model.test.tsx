/** The farmer table's generated paths for the coordinator (see farmersTable.harness.tsx). */
import { describeFarmersTable } from './farmersTable.harness';

describeFarmersTable({ actorRole: 'coordinator' });
