import type { UpdateNotificationSettingsInput } from '@streckenpass/contract/notifications';
import type { z } from 'zod';
import { useContractForm } from '../../lib/use-contract-form';
import { useUpdateNotificationSettings } from './api/notification-settings';

/**
 * A form of the notification settings (reminders, validity rules): its own fields, sent as one PATCH of the settings,
 * failures in the app's words (`germanMessage`). `frame` is what `SettingsForm` shows: the submit, and whether the last save went
 * through or failed.
 */
export function useSettingsForm<Values extends object>(
  schema: z.ZodType,
  initialValues: Values,
  toInput: (values: Values) => UpdateNotificationSettingsInput,
) {
  const save = useUpdateNotificationSettings();
  const { form, onSubmit, isPending, formError } = useContractForm(schema, save, {
    initialValues,
    toVariables: toInput,
  });
  return { form, frame: { onSubmit, isPending, formError, saved: save.isSuccess } };
}
