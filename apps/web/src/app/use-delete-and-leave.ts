import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { germanMessage } from '../lib/api-errors';

/**
 * The delete of an edit page (route, tour, vehicle): delete the record, then leave for the documentation with a
 * green note. A refused delete keeps the page; by default a red note titled `failedTitle` says why, `onError`
 * replaces that (a route's failed delete is only logged, seed section 8).
 */
export function useDeleteAndLeave(
  remove: { mutateAsync: (id: number) => Promise<unknown> },
  id: number,
  options: {
    deleted: string;
    /** After the delete, before leaving (a tour's draft is discarded). */
    afterDelete?: () => void;
  } & ({ failedTitle: string; onError?: never } | { onError: (error: unknown) => void; failedTitle?: never }),
): () => Promise<void> {
  const navigate = useNavigate();
  const { deleted, afterDelete, failedTitle, onError } = options;
  return async () => {
    try {
      await remove.mutateAsync(id);
      afterDelete?.();
      navigate(paths.documentation);
      notifications.show({ color: 'green', message: deleted });
    } catch (error) {
      if (onError) onError(error);
      else notifications.show({ color: 'red', title: failedTitle, message: germanMessage(error) });
    }
  };
}
