import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { BackToDocumentationButton } from '../components/record-actions';
import { useTitle } from './use-title';

/** What a create page gives its form: the page's title as heading and button, and the way back. */
export interface NewRecordFormProps {
  heading: string;
  submitLabel: string;
  actions: ReactNode;
}

/** A page that creates a record ("Strecke erstellen"): its form in the middle, titled and labelled by the page. */
export function NewRecordPage({
  title,
  children,
}: {
  title: string;
  children: (form: NewRecordFormProps) => ReactNode;
}) {
  useTitle(title);
  return (
    <Stack align="center">
      {children({ heading: title, submitLabel: title, actions: <BackToDocumentationButton /> })}
    </Stack>
  );
}
