/** Farmers and coordinators for the people stories: complete API rows, Marathi names. */
import type { AdminRow, CoordinatorChoice, CoordinatorRow, FarmerRow } from '../../../contracts/people';

const NAMES = ['रमेश पाटील', 'सुनीता जाधव', 'गणेश शिंदे', 'मीरा कुलकर्णी', 'विजय पवार', 'आशा देशमुख', 'संजय काळे', 'लता गायकवाड', 'अनिल मोरे', 'कविता भोसले', 'प्रकाश सावंत', 'उषा चव्हाण'];

export function storyFarmer(n: number, extra: Partial<FarmerRow> = {}): FarmerRow {
  return {
    _id: `00000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
    name: NAMES[(n - 1) % NAMES.length],
    email: `farmer${n}@example.in`,
    phoneNumber: `98220${String(12340 + n)}`,
    village: 'वडगाव',
    district: 'पुणे',
    status: 'Active',
    coordinator: null,
    coordinatorName: null,
    lastActive: null,
    fieldCount: n % 3,
    hasOpenAlert: false,
    ...extra,
  };
}

export const storyCoordinatorChoices: CoordinatorChoice[] = [
  { _id: '00000000-0000-4000-8000-000000000201', name: 'किरण माने', email: 'kiran@example.in' },
  { _id: '00000000-0000-4000-8000-000000000202', name: 'स्वाती जोशी', email: 'swati@example.in' },
];

export const storyCoordinators: CoordinatorRow[] = NAMES.map((name, i) => ({
  _id: `00000000-0000-4000-8000-0000000003${String(i + 1).padStart(2, '0')}`,
  name,
  email: `coordinator${i + 1}@example.in`,
  phoneNumber: `90000${String(10010 + i)}`,
  status: i === 1 ? 'Inactive' : 'Active',
  farmerCount: i * 3,
}));

/** The administrators for the admins table's stories: a superadmin, then admins (one inactive). */
export const storyAdmins: AdminRow[] = ['सुनीता पाटील', ...NAMES].map((name, i) => ({
  _id: `00000000-0000-4000-8000-0000000004${String(i + 1).padStart(2, '0')}`,
  name,
  email: `admin${i + 1}@example.in`,
  phoneNumber: i === 2 ? null : `91000${String(10010 + i)}`,
  role: i === 0 ? 'superadmin' : 'admin',
  status: i === 3 ? 'Inactive' : 'Active',
}));
