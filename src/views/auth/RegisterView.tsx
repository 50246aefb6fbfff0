/** /register: registration exists only after login, so it sends the visitor to /login with that notice. */
import { Redirect } from 'wouter';

export function RegisterView() {
  return <Redirect to="/login?notice=register" replace />;
}
