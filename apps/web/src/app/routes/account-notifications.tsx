import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { QueryError } from '../../components/query-error';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { useNotificationSettings } from '../../features/notifications/api/notification-settings';
import { CalendarFeedCard } from '../../features/notifications/components/calendar-feed-card';
import { ChannelsCard } from '../../features/notifications/components/channels-card';
import { RulesAndRemindersForm } from '../../features/notifications/components/rules-and-reminders-form';
import { useTitle } from '../use-title';

export function Component() {
  useTitle('Erinnerungen & Kalender');
  const settings = useNotificationSettings();
  const user = useCurrentUser();
  const query = settings.isError ? settings : user;
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>Erinnerungen & Kalender</Title>
      {(settings.isPending || user.isPending) && <PageLoader />}
      {query.isError && <QueryError error={query.error} retry={() => void query.refetch()} />}
      {settings.data && user.data && (
        <>
          <Card>
            <RulesAndRemindersForm settings={settings.data} />
          </Card>
          <ChannelsCard email={user.data.email} mailVerified={user.data.mail_verified} />
          <CalendarFeedCard exists={settings.data.calendarFeed} />
        </>
      )}
      <Group>
        <Button component={Link} to={paths.account} variant="subtle">
          Zurück zum Konto
        </Button>
      </Group>
    </Stack>
  );
}
