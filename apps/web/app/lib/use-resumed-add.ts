import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { positiveId } from './ids.ts';
import { refreshPending } from './session.tsx';

export type StatusMessage = { text: string; error: boolean } | null;

/** What adds a stone: the cart's or the wishlist's save (a TanStack mutation). */
interface AddStone {
  mutate(itemId: number, handlers: { onSuccess(res: { message: string }): void; onError(error: Error): void; onSettled(): void }): void;
}

/**
 * A guest's heart (or a /cart?add= link), resumed after sign-in: the page at `path` opened with
 * ?add={itemId} adds the stone once, says what the server answered and drops the query. Answers the
 * page's status line, which the page may also set (a failed removal).
 */
export function useResumedAdd(path: string, save: AddStone): [StatusMessage, (message: StatusMessage) => void] {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [message, setMessage] = useState<StatusMessage>(null);
  const adding = useRef<string | null>(null);
  const add = params.get('add');

  useEffect(() => {
    // Right after sign-in the layout reloads the page once: adding now would run again after
    // the reload and answer "already in your cart" for the stone just added. The reloaded page adds it.
    if (!add || adding.current === add || refreshPending()) return;
    adding.current = add;
    const itemId = positiveId(add);
    const done = () => navigate(path, { replace: true });
    if (!itemId) {
      done();
      return;
    }
    save.mutate(itemId, {
      onSuccess: (res) => setMessage({ text: res.message, error: false }),
      onError: (error) => setMessage({ text: error.message, error: true }),
      onSettled: done,
    });
  }, [add, navigate, path, save]);

  return [message, setMessage];
}
