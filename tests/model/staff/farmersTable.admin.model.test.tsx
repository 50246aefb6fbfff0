/** The farmer table's generated paths for the admin (see farmersTable.harness.tsx). */
import { describeFarmersTable } from './farmersTable.harness';

describeFarmersTable({ actorRole: 'admin' });
