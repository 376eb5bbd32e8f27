import { Link } from 'react-router';

/** The 404 page body, with a Go to Home button. */
export function NotFound({ message }: { message?: string }) {
  return (
    <section className="not-found" aria-labelledby="not-found-title">
      <p className="not-found__code" aria-hidden="true">404</p>
      <h1 id="not-found-title">Page not found</h1>
      <p>{message ?? 'The page you are looking for does not exist or has moved.'}</p>
      <Link to="/home" className="button button--primary" data-testid="go-home">Go to Home</Link>
    </section>
  );
}
