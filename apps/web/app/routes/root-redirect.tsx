import { redirect } from 'react-router';

/** Spec section 2: / redirects to /home. */
export function loader() {
  return redirect('/home');
}
