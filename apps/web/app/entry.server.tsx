import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { ServerRouter } from 'react-router';
import { renderToPipeableStream } from 'react-dom/server';
import { InlineStylesheets } from './lib/stylesheets.tsx';
import { stylesheetText } from './lib/stylesheets.server.ts';

export const streamTimeout = 5_000;

/**
 * React Router's Node entry, plus the page's CSP nonce: ServerRouter gives it to <Scripts>,
 * <ScrollRestoration> and the data scripts, React to its own inline scripts and to the page's
 * stylesheets, which it writes inside the page (lib/stylesheets.tsx), and the server sends it in the
 * Content-Security-Policy header (apps/server/src/plugins/web.ts). No inline script or style applies
 * without it. Every page is rendered whole before it is sent, for browsers and crawlers alike: the
 * server hashes it for its nonce and entity tag, so the same page must always be the same bytes.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce } = loadContext;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <InlineStylesheets value={{ textOf: stylesheetText, nonce }}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </InlineStylesheets>,
      {
        nonce: { script: nonce, style: nonce },
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors in the shell reject above and are logged by React Router; later ones only here.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
