import { useEffect } from 'react';

/** Sets the document title: "<page> – Streckenpass". */
export function useTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} – Streckenpass` : 'Streckenpass';
  }, [title]);
}
