import { Checkbox, type CheckboxProps } from '@mantine/core';

/**
 * The choice of a new password (change or reset) to end the access that works without signing in
 * (docs/decisions/0033). Off unless chosen: the links were handed to a supervisor and the calendar app on purpose.
 */
export function RevokeSharedAccessCheckbox(props: Omit<CheckboxProps, 'label' | 'description'>) {
  return (
    <Checkbox
      mt="xs"
      label="Alle Freigabe-Links und das Kalender-Abo beenden"
      description="Freigabe-Links und das Kalender-Abo öffnen ohne Anmeldung und bleiben nach einem neuen Passwort sonst gültig. Wählen Sie dies, wenn jemand anderes Zugang zu Ihrem Konto hatte; neue Links und ein neues Abo können Sie danach wieder anlegen."
      {...props}
    />
  );
}
