import { data } from 'react-router';

/** Any path no other route claims: a 404 drawn by the store layout's error boundary. */
export function loader() {
  throw data({ message: 'The page you are looking for does not exist.' }, { status: 404 });
}

export default function NotFoundRoute() {
  return null;
}
