/** Forgot Password: Placeholder until its owner builds the screen; the route, header and logout already work. */
import { defineMessages } from 'react-intl';
import { ComingSoon } from '@/views/ui/ComingSoon';

const m = defineMessages({ title: { id: 'route.forgotPassword', defaultMessage: 'Forgot Password' } });

export function ForgotPasswordView() {
  return <ComingSoon title={m.title} />;
}
