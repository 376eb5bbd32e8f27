import { useEffect, useState, type ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteLoaderData } from 'react-router';
import type { StoreProfile } from '@gemstore/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Route } from './+types/root';
import { SessionProvider } from './lib/session.tsx';
import { Stylesheets } from './lib/stylesheets.tsx';
import baseCss from './styles/base.css?url';
import layoutCss from './styles/layout.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** The page's language and region: English as the store's country writes it (India's rupee store en-IN, the dollar store en-US). */
function useDocumentLanguage(): string {
  const store = useRouteLoaderData('routes/store-layout') as { profile?: StoreProfile } | undefined;
  const guest = useRouteLoaderData('routes/guest-only-layout') as { profile?: StoreProfile } | undefined;
  const profile = store?.profile ?? guest?.profile;
  if (!profile) return 'en';
  return profile.isFromIndia ? 'en-IN' : 'en-US';
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang={useDocumentLanguage()}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#fbf8f1" />
        <Stylesheets base={[baseCss, layoutCss]} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // One client per browser session (and per server render), never shared between requests.
  const [queryClient] = useState(() => new QueryClient({
    defaultOptions: { queries: { staleTime: 60_000, retry: 1, refetchOnWindowFocus: false } },
  }));
  // Marks the document once React owns it (browser tests wait for this before interacting).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <Outlet />
      </SessionProvider>
    </QueryClientProvider>
  );
}

export const meta: Route.MetaFunction = ({ error }) => (error ? [{ title: 'Gemstore' }] : []);

/** Reached only when the store layout itself cannot render (for example an unknown domain). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = 'Something went wrong';
  let message = 'Please try again in a moment.';
  if (isRouteErrorResponse(error)) {
    const text = (error.data as { message?: string } | null)?.message;
    if (error.status === 404) {
      title = 'Shop not found';
      message = text ?? 'There is no shop at this address.';
    } else if (text) {
      message = text;
    }
  }
  return (
    <main className="bare-error">
      <h1>{title}</h1>
      <p>{message}</p>
    </main>
  );
}
