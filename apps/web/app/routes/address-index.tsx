import { redirect } from 'react-router';

/** /address redirects to /address/all. */
export function loader() {
  return redirect('/address/all');
}

export default function AddressIndex() {
  return null;
}
