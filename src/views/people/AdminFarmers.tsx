import { useState } from 'react';
import { useLocation } from 'wouter';
import { farmersTableMachine } from '@/machines/farmersTable.machine';
import { FarmersTableContext } from '@/machines/farmersTable.context';
import { saveFile } from '../ui/saveFile';
import { FarmersTable } from './FarmersTable';

/** The admin farmer table, wired to the app (also embedded in the admin dashboard). */
export function AdminFarmers() {
  const [, navigate] = useLocation();
  const [logic] = useState(() => farmersTableMachine.provide({ actions: { download: (_, { name, data }) => saveFile(name, data) } }));
  return (
    <FarmersTableContext.Provider logic={logic}>
      <FarmersTable onAddFarmer={() => navigate('/add-farmer')} />
    </FarmersTableContext.Provider>
  );
}

