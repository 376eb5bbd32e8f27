import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The title and the line under it at the top of the centred card. */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="auth-heading">
      <h1 className="auth-heading__title">{title}</h1>
      {children && <p className="auth-heading__lead">{children}</p>}
    </div>
  );
}

/** Shown when a screen is opened without the query its flow passes (a bookmark, a stale link). */
export function FlowExpired({ startPath, startLabel }: { startPath: string; startLabel: string }) {
  return (
    <div className="auth-heading">
      <h1 className="auth-heading__title">Let&rsquo;s start again</h1>
      <p className="auth-heading__lead">This link is incomplete or has expired.</p>
      <Link className="button button--primary auth-submit" to={startPath}>{startLabel}</Link>
    </div>
  );
}
