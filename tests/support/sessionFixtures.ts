/** Users and grants shaped like the API's (spec section 3). */
import type { SessionGrant, User } from '@/services/auth';
import { demoUser } from '@/views/storyFixtures';

export const farmer: User = demoUser('farmer', { email: 'sunita@example.in' });

export const admin: User = demoUser('admin', { name: 'Anil Deshmukh', email: 'admin@example.in', preferredLanguage: 'english' });

export const grant = (user: User = farmer, n = 1): SessionGrant => ({ accessToken: `access-${n}`, refreshToken: `refresh-${n}`, user });
