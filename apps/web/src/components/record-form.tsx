import { Button, Card, Stack, TextInput, Title, type CardProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { FormEventHandler, ReactNode } from 'react';
import { FormError } from './form-error';

/** What a record page tells its form: the heading, the submit button's text and extra buttons above it. */
export interface RecordFormTexts {
  heading: string;
  submitLabel: string;
  /** Buttons above the submit button (back, delete). */
  actions?: ReactNode;
}

/** What a kind's form is given on its create page (no `record`) and its edit page (app/record-kind-pages.tsx). */
export interface RecordKindFormProps<T, Values> extends RecordFormTexts {
  /** The record being edited; its values are the form's first ones. */
  record?: T;
  /** The page's save: a mutation inside the form, so its pending state is the button's and a failure its message. */
  onSubmit: (values: Values) => Promise<unknown>;
}

/** What `useContractForm` gives the frame. */
interface ContractFormState<Values> {
  form: UseFormReturnType<Values>;
  onSubmit: FormEventHandler<HTMLFormElement>;
  isPending: boolean;
  formError: string | null | undefined;
}

/**
 * The frame every record form shares (route, tour, vehicle): a card with the page's heading, the form's message
 * ("Nicht gespeichert: …"), the record's name (required, `name` gives its label and placeholder), the other fields,
 * then the page's extra buttons above the full-width submit button.
 * `narrow` is the single-column form of the route and vehicle pages; `withSubmit={false}` leaves the buttons out
 * where the page shows them elsewhere (the tour editor's phone bar).
 */
export function RecordForm<Values extends { name: string }>({
  id,
  texts,
  contract,
  name,
  narrow = false,
  withSubmit = true,
  children,
  ...card
}: {
  id?: string;
  texts: RecordFormTexts;
  contract: ContractFormState<Values>;
  name: { label: string; placeholder: string };
  narrow?: boolean;
  withSubmit?: boolean;
  children: ReactNode;
} & CardProps) {
  return (
    <Card {...(narrow ? { maw: 560, w: '100%' } : {})} {...card}>
      <form id={id} noValidate onSubmit={contract.onSubmit}>
        <Stack gap="sm">
          <Title order={1} size="h3">
            {texts.heading}
          </Title>
          <FormError error={contract.formError} title="Nicht gespeichert" />
          <TextInput {...name} required {...contract.form.getInputProps('name')} />
          {children}
          {withSubmit && (
            <Stack gap="xs" mt="xs">
              {texts.actions}
              <Button type="submit" fullWidth loading={contract.isPending}>
                {texts.submitLabel}
              </Button>
            </Stack>
          )}
        </Stack>
      </form>
    </Card>
  );
}
