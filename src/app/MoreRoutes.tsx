/**
 * Every route but the sign-in page and the home (src/app/App.tsx): a chunk of its own, so the farmer home's first
 * JavaScript does not carry the table of screens it does not show (issue 17's budget). Each screen is its own lazy
 * chunk as before, behind the same guards.
 */
import { Redirect, Route, Switch } from 'wouter';
import { PATHS } from './paths';
import { screen } from './Guard';
import { lazyView } from './lazyView';

const RegisterView = lazyView(() => import('@/views/auth/RegisterView'), 'RegisterView');
const ProfileView = lazyView(() => import('@/views/account/ProfileView'), 'ProfileView');
const ForgotPasswordView = lazyView(() => import('@/views/account/ForgotPasswordView'), 'ForgotPasswordView');
const ResetPasswordView = lazyView(() => import('@/views/account/ResetPasswordView'), 'ResetPasswordView');
const DiseaseDetectorView = lazyView(() => import('@/views/tools/DiseaseDetectorView'), 'DiseaseDetectorView');
const FdssView = lazyView(() => import('@/views/tools/FdssView'), 'FdssView');
const LandReportView = lazyView(() => import('@/views/tools/LandReportView'), 'LandReportView');
const AddUserView = lazyView(() => import('@/views/people/AddUserView'), 'AddUserView');
const AddFieldView = lazyView(() => import('@/views/fields/AddFieldView'), 'AddFieldView');
const FarmersView = lazyView(() => import('@/views/people/FarmersView'), 'FarmersView');
const FarmerDetailView = lazyView(() => import('@/views/people/FarmerDetailView'), 'FarmerDetailView');
const AlertsView = lazyView(() => import('@/views/alerts/AlertsView'), 'AlertsView');
const FieldMonitoringView = lazyView(() => import('@/views/fields/FieldMonitoringView'), 'FieldMonitoringView');
const CoordinatorDashboardView = lazyView(() => import('@/views/coordinator/CoordinatorDashboardView'), 'CoordinatorDashboardView');
const InboxView = lazyView(() => import('@/views/farmer/InboxView'), 'InboxView');
const AnalyticsView = lazyView(() => import('@/views/analytics/AnalyticsView'), 'AnalyticsView');
const AdvancedAnalyticsView = lazyView(() => import('@/views/analytics/advanced/AdvancedAnalyticsView'), 'AdvancedAnalyticsView');
const AiRecommendationsView = lazyView(() => import('@/views/recommendations/AiRecommendationsView'), 'AiRecommendationsView');
const GpsFieldMappingView = lazyView(() => import('@/views/fields/gpsMapping/GpsFieldMappingView'), 'GpsFieldMappingView');
const TrustView = lazyView(() => import('@/views/trust/TrustView'), 'TrustView');
const NotificationLogView = lazyView(() => import('@/views/admin/NotificationLogView'), 'NotificationLogView');
const AuditTrailView = lazyView(() => import('@/views/admin/AuditTrailView'), 'AuditTrailView');

export default function MoreRoutes() {
  return (
    <Switch>
      <Route path={PATHS.register}>{screen('open', <RegisterView />)}</Route>
      <Route path={PATHS.forgotPassword}>{screen('open', <ForgotPasswordView />)}</Route>
      <Route path={PATHS.resetPassword}>{screen('open', <ResetPasswordView />)}</Route>
      <Route path={PATHS.setPassword}>{screen('open', <ResetPasswordView purpose="invite" />)}</Route>
      {/* The spec leaves these open; their own calls answer 401 and the session sends the user to /login. */}
      <Route path={PATHS.profile}>{screen('open', <ProfileView />)}</Route>
      <Route path={PATHS.diseaseDetector}>{screen('open', <DiseaseDetectorView />)}</Route>
      <Route path={PATHS.fdss}>{screen('open', <FdssView />)}</Route>
      <Route path={PATHS.landReport}>{screen('open', <LandReportView />)}</Route>
      <Route path={PATHS.coordinatorDashboard}>{screen('open', <CoordinatorDashboardView />)}</Route>
      <Route path={PATHS.fields}>{screen('open', <FieldMonitoringView />)}</Route>

      <Route path={PATHS.trust}>{screen('signedIn', <TrustView />)}</Route>
      <Route path={PATHS.messages}>{screen('signedIn', <InboxView />)}</Route>

      <Route path={PATHS.addAdmin}>{screen('staff', <AddUserView role="admin" />)}</Route>
      <Route path={PATHS.addCoordinator}>{screen('staff', <AddUserView role="coordinator" />)}</Route>
      <Route path={PATHS.addFarmer}>{screen('staff', <AddUserView role="farmer" />)}</Route>
      <Route path={PATHS.addField}>{screen('staff', <AddFieldView />)}</Route>
      <Route path={PATHS.farmers}>{screen('staff', <FarmersView />)}</Route>
      <Route path={PATHS.farmerEdit}>{(params) => screen('staff', <FarmerDetailView id={params.id} mode="edit" />)}</Route>
      <Route path={PATHS.farmer}>{(params) => screen('staff', <FarmerDetailView id={params.id} mode="view" />)}</Route>
      <Route path={PATHS.alerts}>{screen('staff', <AlertsView />)}</Route>
      <Route path={PATHS.analytics}>{screen('staff', <AnalyticsView />)}</Route>
      <Route path={PATHS.advancedAnalytics}>{screen('staff', <AdvancedAnalyticsView />)}</Route>
      <Route path={PATHS.aiRecommendations}>{screen('staff', <AiRecommendationsView />)}</Route>
      <Route path={PATHS.gpsFieldMapping}>{screen('staff', <GpsFieldMappingView />)}</Route>
      {/* Admins only: the view sends a coordinator home (the server refuses them the log). */}
      <Route path={PATHS.notificationLog}>{screen('staff', <NotificationLogView />)}</Route>
      <Route path={PATHS.audit}>{screen('staff', <AuditTrailView />)}</Route>

      <Route>
        <Redirect to={PATHS.home} replace />
      </Route>
    </Switch>
  );
}
