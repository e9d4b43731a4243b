import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import type { FormEvent } from 'react';
import { z } from 'zod';
import { germanMessage } from './api-errors';
import { SAVE_FAILED, submitErrors } from './form-errors';

/** Where a form keeps its form-level message among Mantine's errors (a rule of the whole form, a failed save). */
const FORM_ERROR = '$form';

/** What the hook needs of a TanStack mutation (`useMutation(...)` fits as it is). */
export interface FormMutation<Variables, Result> {
  mutate: (
    variables: Variables,
    callbacks?: { onSuccess?: (result: Result) => void; onError?: (error: unknown) => void; onSettled?: () => void },
  ) => void;
  isPending: boolean;
}

type VariablesOption<Checked, Variables> = [Checked] extends [Variables]
  ? {
      /** The mutation's variables from the checked values; without it the values are sent as they are. */
      toVariables?: (values: Checked) => Variables;
    }
  : { toVariables: (values: Checked) => Variables };

export type ContractFormOptions<Values extends object, Outside extends object, Variables, Result> = {
  initialValues: Values;
  /**
   * Values the form shows but does not hold (a selection kept in a store): checked by the schema together with the
   * form's own and handed to `toVariables`; a server violation of one of their names lands in `form.errors`.
   */
  outside?: Outside;
  /** After the save, with the values that were saved (the form is the hook's, e.g. to `form.reset()`). */
  onSuccess?: (result: Result, values: Values, form: UseFormReturnType<Values>) => void;
  /**
   * The form-level sentence for a failed save, where the form words it its own way; `undefined` falls back to
   * `germanMessage(error, fallbackMessage)`. Either option also stands for 422 violations without a field.
   */
  errorMessage?: (error: unknown) => string | undefined;
  fallbackMessage?: string;
  /**
   * Fields the form-level message is about (the server's "Das aktuelle Passwort ist falsch." for `current_password`):
   * editing one of them takes the message away, as a field's own error goes when it is edited.
   */
  formErrorFields?: readonly (keyof Values & string)[];
} & VariablesOption<Values & Outside, Variables>;

export interface ContractForm<Values extends object> {
  form: UseFormReturnType<Values>;
  /** For `<form onSubmit>`: checks the values against the schema, then saves. */
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** Saves without checking again (a form that asks for confirmation first): errors land on the form as with `onSubmit`. */
  save: (values: Values, callbacks?: { onSettled?: () => void }) => void;
  /** The mutation is running: the submit button's `loading`. */
  isPending: boolean;
  /** The German sentence for the whole form: a schema rule without a field, or a failed save. */
  formError: string | null;
  clearFormError: () => void;
}

/** Zod issues as Mantine errors: one message per field (the first), issues of the whole value as the form's. */
function schemaErrors(schema: z.ZodType, values: unknown): FormErrors {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : FORM_ERROR;
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * A form whose values are not what it sends (a rule choice and a number of days for `validityDays`): the contract's
 * schema checks what `toSent` makes of the values, and each issue lands on the field `fieldOf` names for its path
 * (by default the path itself, e.g. `label`, `routes.0`).
 */
export function sentValuesSchema<Values>(
  schema: z.ZodType,
  toSent: (values: Values) => unknown,
  fieldOf: (path: PropertyKey[]) => string = (path) => path.map(String).join('.'),
): z.ZodType<Values> {
  return z.custom<Values>().superRefine((values, context) => {
    for (const issue of schema.safeParse(toSent(values)).error?.issues ?? []) {
      context.addIssue({
        code: 'custom',
        message: issue.message,
        path: issue.path.length ? [fieldOf(issue.path)] : [],
      });
    }
  });
}

/**
 * `fieldOf` for `sentValuesSchema` where a sent field is shown under another name (`validityDays` is the form's
 * "Tage", `ruleDays`); every other path stays as it is.
 */
export function renamedFields(names: Record<string, string>): (path: PropertyKey[]) => string {
  return (path) => {
    const field = path.map(String).join('.');
    return names[field] ?? field;
  };
}

/**
 * The one way to write a form (README "Forms"): Mantine `useForm` checked by the contract's zod schema – the server
 * checks the same schema, so the messages are the server's German ones – and saved by a TanStack mutation. A
 * failed save keeps the input: 422 violations go onto the fields their `propertyPath` names, anything else becomes
 * one German sentence (`formError`). `isPending` is the mutation's own.
 *
 * The schema checks the form's values (plus `outside`): the contract's schema where they are what is sent, or the
 * contract's schema extended by what only the form has (a repeated password, a rule choice) – `pick`, `extend`,
 * `refine` on the contract, not a second set of rules.
 */
export function useContractForm<Values extends object, Variables, Result = unknown, Outside extends object = object>(
  schema: z.ZodType,
  mutation: FormMutation<Variables, Result>,
  options: ContractFormOptions<Values, Outside, Variables, Result>,
): ContractForm<Values> {
  const { initialValues, outside, onSuccess, errorMessage, fallbackMessage, formErrorFields } = options;
  const withOutside = (values: Values) => ({ ...values, ...outside }) as Values & Outside;
  const form: UseFormReturnType<Values> = useForm<Values>({
    initialValues,
    validate: (values) => schemaErrors(schema, withOutside(values)),
    onValuesChange: (values, previous) => {
      if (formErrorFields?.some((field) => values[field] !== previous[field])) form.clearFieldError(FORM_ERROR);
    },
  });
  const fieldNames = [...Object.keys(initialValues), ...Object.keys(outside ?? {})];
  const describe =
    errorMessage || fallbackMessage
      ? (error: unknown) => errorMessage?.(error) ?? germanMessage(error, fallbackMessage ?? SAVE_FAILED)
      : undefined;

  const save = (values: Values, callbacks: { onSettled?: () => void } = {}) => {
    form.clearFieldError(FORM_ERROR);
    const checked = withOutside(values);
    const toVariables = options.toVariables as ((values: Values & Outside) => Variables) | undefined;
    const variables = toVariables ? toVariables(checked) : (checked as unknown as Variables);
    mutation.mutate(variables, {
      onSuccess: (result) => onSuccess?.(result, values, form),
      onError: (error) => {
        const { fields, message } = submitErrors(error, fieldNames, describe);
        form.setErrors({ ...fields, [FORM_ERROR]: message });
      },
      onSettled: callbacks.onSettled,
    });
  };

  const formError = form.errors[FORM_ERROR];
  return {
    form,
    onSubmit: form.onSubmit((values) => save(values)),
    save,
    isPending: mutation.isPending,
    formError: typeof formError === 'string' ? formError : null,
    clearFormError: () => form.clearFieldError(FORM_ERROR),
  };
}
