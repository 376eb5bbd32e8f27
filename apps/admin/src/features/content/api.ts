import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

/** Query keys of the content pages: a change refreshes the lists that show it. */
export const postsKey = ['admin', 'posts'] as const;
export const postCategoriesKey = ['admin', 'post-categories'] as const;
export const pagesKey = ['admin', 'pages'] as const;
export const homeKey = ['admin', 'home'] as const;

/**
 * After a post or page was saved: the editor's own query takes the answer as it is (a refetch would
 * cost a request and could put the saved text back over what is typed meanwhile), the lists read again.
 */
export async function keepSaved(queryClient: QueryClient, key: readonly string[], id: number, answer: unknown): Promise<void> {
  queryClient.setQueryData([...key, 'one', String(id)], answer);
  await queryClient.invalidateQueries({ queryKey: key, predicate: (q) => q.queryKey[key.length] !== 'one' });
}

/**
 * Saving and removing a post or a page from its form: a new one's address becomes its own once
 * saved (`path`/id, in place of /new), and a removed one goes back to its list.
 */
export function useEditorSteps<Body, Answer>({ key, path, editing, save, remove, idOf, onSaved }: {
  key: readonly string[];
  path: string;
  editing: boolean;
  save: (body: Body) => Promise<Answer>;
  remove: () => Promise<unknown>;
  idOf: (answer: Answer) => number;
  onSaved: (answer: Answer) => void;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return {
    save: useMutation({
      mutationFn: save,
      onSuccess: async (data) => {
        await keepSaved(queryClient, key, idOf(data), data);
        onSaved(data);
        if (!editing) navigate(`${path}/${idOf(data)}`, { replace: true });
      },
    }),
    remove: useMutation({
      mutationFn: remove,
      onSuccess: async () => { await queryClient.invalidateQueries({ queryKey: key }); navigate(path); },
    }),
  };
}
