import { Card } from '@mantine/core';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { useNotificationSettings } from '../../features/notifications/api/notification-settings';
import { CalendarFeedCard } from '../../features/notifications/components/calendar-feed-card';
import { ChannelsCard } from '../../features/notifications/components/channels-card';
import { RemindersForm } from '../../features/notifications/components/reminders-form';
import { AccountPage } from '../account-page';

export function Component() {
  const settings = useNotificationSettings();
  const user = useCurrentUser();
  return (
    <AccountPage title="Erinnerungen & Kalender" queries={[settings, user]} backToAccount>
      {settings.data && user.data && (
        <>
          <Card>
            <RemindersForm settings={settings.data} />
          </Card>
          <ChannelsCard email={user.data.email} mailVerified={user.data.mail_verified} />
          <CalendarFeedCard exists={settings.data.calendarFeed} />
        </>
      )}
    </AccountPage>
  );
}
