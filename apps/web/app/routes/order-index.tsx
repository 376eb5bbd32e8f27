import { redirect } from 'react-router';

/** /order redirects to /order/all. */
export function loader() {
  return redirect('/order/all');
}

export default function OrderIndex() {
  return null;
}
