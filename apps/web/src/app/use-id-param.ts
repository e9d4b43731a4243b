import { useParams } from 'react-router';

/** The `:id` of the current path as a record id, or null when it cannot be one (then the page shows "not found"). */
export function useIdParam(): number | null {
  const { id } = useParams();
  if (!id || !/^[1-9][0-9]{0,15}$/.test(id)) return null;
  const value = Number(id);
  return Number.isSafeInteger(value) ? value : null;
}
