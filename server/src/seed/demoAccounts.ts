/** The demo world's sign-ins (README, e2e tests and the start banner read them from here). */
export const DEMO_PASSWORD = 'ShetMitra@2026';

export const DEMO_ACCOUNTS = {
  superadmin: 'superadmin@shetmitra.in',
  admin: 'admin@shetmitra.in',
  coordinator: 'coordinator@shetmitra.in',
  coordinator2: 'coordinator2@shetmitra.in',
  farmer: 'farmer@shetmitra.in',
} as const;

export type DemoAccount = keyof typeof DEMO_ACCOUNTS;
