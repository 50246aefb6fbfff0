/** Data the account stories show: one farmer's profile, 2FA setup and login history. */
import type { LoginHistoryEntry } from '../../machines/loginHistory.machine';
import type { Profile } from '../../machines/profile.machine';
import type { TwoFactorSetup } from '../../machines/twoFactor.machine';
import { demoUser } from '../storyFixtures';

export const storyProfile: Profile = {
  _id: '0b7f7c1e-54c8-4f0e-9d55-5d0f7e0c9a11',
  name: 'रमेश पाटील',
  email: 'ramesh@example.in',
  phoneNumber: '9822012345',
  address: 'मु. पो. शिरूर',
  village: 'Shirur',
  district: 'Pune',
  state: 'Maharashtra',
  pincode: '412210',
  preferredLanguage: 'marathi',
  notificationPreferences: { email: true, sms: true, push: true, alerts: true, reports: true },
  profileImage: null,
  role: 'farmer',
};
export const storyUser = demoUser('farmer', { _id: storyProfile._id, name: storyProfile.name, email: storyProfile.email, preferredLanguage: 'marathi' });
export const storySession = { input: { stored: { accessToken: 'a-1', refreshToken: 'r-1', user: storyUser } } };

export const storySetup: TwoFactorSetup = {
  qrCode:
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/ShetMitra:ramesh@example.in?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  backupCodes: ['K7QM-3XPA', 'B4RT-9WZE', 'H2NC-6PUV', 'Q8DS-5MFY', 'T3LW-7KJA', 'N9XE-2GHB', 'P5VR-4CZT', 'W6AY-8QNM', 'E7UK-3RSD', 'Z2HF-9BTX'],
};

const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
export const storyHistory: LoginHistoryEntry[] = [
  {
    _id: '11111111-1111-4111-8111-111111111111',
    timestamp: ago(0),
    status: 'success',
    reason: null,
    ipAddress: '10.0.0.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
    deviceType: 'desktop',
    location: 'Pune',
    sessionId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    sessionActive: true,
    current: true,
    reported: false,
  },
  {
    _id: '22222222-2222-4222-8222-222222222222',
    timestamp: ago(2),
    status: 'suspicious',
    reason: null,
    ipAddress: '203.0.113.9',
    userAgent: 'curl/8.5',
    deviceType: 'desktop',
    location: null,
    sessionId: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
    sessionActive: true,
    current: false,
    reported: false,
  },
  {
    _id: '33333333-3333-4333-8333-333333333333',
    timestamp: ago(12),
    status: 'failed',
    reason: 'bad_password',
    ipAddress: '203.0.113.9',
    userAgent: 'curl/8.5',
    deviceType: 'desktop',
    location: null,
    sessionId: null,
    sessionActive: false,
    current: false,
    reported: false,
  },
];
