import '@mantine/core/styles.css';
import { createTheme, MantineProvider, Modal } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setNonce } from 'get-nonce';
import { App } from './App.tsx';
import { isSignedOut } from './lib/api.ts';
import { SessionProvider } from './lib/session.tsx';

/** The page's CSP nonce (the server writes it into the meta tag of every answer): Mantine's style tags carry it. */
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content ?? '';
// Mantine's dialogs lock scrolling with a style tag of react-remove-scroll, which takes its nonce from get-nonce.
setNonce(nonce);

const theme = createTheme({
  primaryColor: 'indigo',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  // Mantine's dialog close button is an icon with no text: a screen reader must hear what it does.
  components: { Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close the dialog' } } }) },
});

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: (count, err) => !isSignedOut(err) && count < 2, refetchOnWindowFocus: false } },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} getStyleNonce={() => nonce}>
      <QueryClientProvider client={queryClient}>
        <SessionProvider>
          <App />
        </SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
