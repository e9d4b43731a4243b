import { Button, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useIsAuthenticated } from '../../features/auth/store';
import { useTitle } from '../use-title';

export function Component() {
  useTitle('Page Not Found');
  const authenticated = useIsAuthenticated();
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <Text size="4rem" fw={900} c="dimmed" aria-hidden>
        404
      </Text>
      <Title order={1}>Page Not Found</Title>
      <Text>Diese Seite gibt es nicht. Vielleicht hat sich ein Tippfehler in die Adresse geschlichen.</Text>
      <Button component={Link} to={authenticated ? paths.dashboard : paths.home}>
        {authenticated ? 'Zum Dashboard' : 'Zur Startseite'}
      </Button>
    </Stack>
  );
}
