/** Users and grants shaped like the API's (spec section 3). */
import type { SessionGrant, User } from '@/services/auth';

export const farmer: User = {
  _id: '5b0f8a6e-1f43-4d2a-9a53-0c3f1b7d2e11',
  name: 'सुनीता पाटील',
  email: 'sunita@example.in',
  role: 'farmer',
  preferredLanguage: 'marathi',
  phoneNumber: '9822012345',
  village: 'वडगाव',
  district: 'पुणे',
};

export const admin: User = { ...farmer, _id: '0d1c4b2e-3f5a-4c6b-8d7e-9f0a1b2c3d4e', name: 'Anil Deshmukh', email: 'admin@example.in', role: 'admin', preferredLanguage: 'english' };

export const grant = (user: User = farmer, n = 1): SessionGrant => ({ accessToken: `access-${n}`, refreshToken: `refresh-${n}`, user });
