import { redirect } from 'react-router';

/** / redirects to /home. */
export function loader() {
  return redirect('/home');
}
