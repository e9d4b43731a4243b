import { Card } from '@mantine/core';
import { useNotificationSettings } from '../../features/notifications/api/notification-settings';
import { ValidityRulesForm } from '../../features/notifications/components/validity-rules-form';
import { AccountPage } from '../account-page';

/** The account's validity rules: the one place where they are set (a route may have its own, in its form). */
export function Component() {
  const settings = useNotificationSettings();
  return (
    <AccountPage title="Gültigkeit" queries={[settings]} backToAccount>
      {settings.data && (
        <Card>
          <ValidityRulesForm settings={settings.data} />
        </Card>
      )}
    </AccountPage>
  );
}
