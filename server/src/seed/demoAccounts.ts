/** The demo world's sign-ins (README, e2e tests and the start banner read them from here). */
export const DEMO_PASSWORD = 'ShetMitra@2026';

export const DEMO_ACCOUNTS = {
  superadmin: 'superadmin@shetmitra.in',
  admin: 'admin@shetmitra.in',
  coordinator: 'coordinator@shetmitra.in',
  coordinator2: 'coordinator2@shetmitra.in',
  farmer: 'farmer@shetmitra.in',
} as const;

/** The demo farmer's mobile number, for signing in by SMS code when OTP_LOGIN_ENABLED is set. */
export const DEMO_FARMER_PHONE = '9822012345';

export type DemoAccount = keyof typeof DEMO_ACCOUNTS;
