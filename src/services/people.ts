/** Farmer and coordinator calls (spec section 7, People). One function per endpoint. */
import type { ServerLanguage } from './language';
import { http } from './http';
import type {
  AdminList,
  CoordinatorChoice,
  CoordinatorList,
  FarmerList,
  FarmerRow,
  ImportReport,
  PersonEdit,
} from '../../contracts/people';
import type { Language } from '../../contracts/languages';

export type { AdminList, AdminRow, CoordinatorChoice, CoordinatorList, CoordinatorRow, FarmerList, FarmerRow, ImportReport, PersonEdit } from '../../contracts/people';

export type FarmerQuery = { page: number; limit: number; search?: string; status?: 'all' | 'active' | 'inactive' | 'alert' };

export type NewUser = {
  role: 'admin' | 'coordinator' | 'farmer';
  name: string;
  email: string;
  phoneNumber: string;
  password: string;
  preferredLanguage: Language;
  address?: string;
  village?: string;
  district?: string;
  state?: string;
  pincode?: string;
  managedBy?: string;
};

export const registerUser = (user: NewUser, signal?: AbortSignal) => http.post<unknown>('/auth/register', user, { signal });

export const listCoordinatorChoices = (signal?: AbortSignal) =>
  http.get<{ users: CoordinatorChoice[] }>('/coordinators', { signal }).then((r) => r.users);

export const listAdminFarmers = (q: FarmerQuery, signal?: AbortSignal) => http.get<FarmerList>('/admin/farmers', { params: q, signal });
export const listManagedFarmers = (q: FarmerQuery, signal?: AbortSignal) =>
  http.get<FarmerList>('/coordinator/managed-farmers', { params: q, signal });

export type CoordinatorQuery = { page: number; limit: number; search?: string };
/** Superadmins: the administrators (GET /admin/admins). */
export const listAdmins = (q: CoordinatorQuery, signal?: AbortSignal) => http.get<AdminList>('/admin/admins', { params: q, signal });
export const listCoordinators = (q: CoordinatorQuery, signal?: AbortSignal) => http.get<CoordinatorList>('/admin/coordinators', { params: q, signal });

export const updateFarmer = (id: string, edit: PersonEdit) => http.put<unknown>(`/admin/farmer/${id}`, edit);
export const deactivateFarmer = (id: string) => http.patch<unknown>(`/admin/farmer/${id}/deactivate`);
export const assignCoordinator = (farmerId: string, coordinatorId: string) =>
  http.patch<unknown>(`/admin/farmer/${farmerId}/assign-coordinator`, { coordinatorId });

export const updateCoordinator = (id: string, edit: PersonEdit) => http.put<unknown>(`/admin/coordinator/${id}`, edit);
export const deactivateCoordinator = (id: string) => http.patch<unknown>(`/admin/coordinator/${id}/deactivate`);

/** `lang`: the language of the rejected rows' reasons (the page's). */
export function importFarmers(file: File, lang: ServerLanguage) {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<ImportReport>(`/admin/farmers/import?lang=${lang}`, form, { timeoutMs: 60_000 });
}

export const exportFarmers = () => http.get<Blob>('/admin/farmers/export', { responseType: 'blob', timeoutMs: 60_000 });

export const getFarmer = (id: string, signal?: AbortSignal) => http.get<FarmerRow>(`/admin/farmer/${id}`, { signal });
