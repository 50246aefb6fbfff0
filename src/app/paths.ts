/** Every route of spec section 2 (plus /reset-password, /set-password and /messages). */
export const PATHS = {
  home: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** The invitation link sent to people staff added or imported: their first password. */
  setPassword: '/set-password',
  profile: '/profile',
  diseaseDetector: '/disease-detector',
  fdss: '/fdss',
  landReport: '/land-report',
  addAdmin: '/add-admin',
  addCoordinator: '/add-coordinator',
  addFarmer: '/add-farmer',
  addField: '/add-field',
  farmers: '/farmers',
  farmer: '/farmer/:id',
  farmerEdit: '/farmer/:id/edit',
  alerts: '/alerts',
  analytics: '/analytics',
  advancedAnalytics: '/advanced-analytics',
  aiRecommendations: '/ai-recommendations',
  gpsFieldMapping: '/gps-field-mapping',
  coordinatorDashboard: '/coordinator-dashboard',
  fields: '/fields',
  messages: '/messages',
  trust: '/trust',
  /** The admins' notification delivery log (issue 16). */
  notificationLog: '/notification-log',
  /** The admins' audit trail (issue 19). */
  audit: '/audit',
} as const;

export const farmerPath = (id: string) => `/farmer/${encodeURIComponent(id)}`;
export const farmerEditPath = (id: string) => `/farmer/${encodeURIComponent(id)}/edit`;
