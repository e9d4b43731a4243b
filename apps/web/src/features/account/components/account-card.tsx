import { Button, Card, Text, Title } from '@mantine/core';
import type { User } from '@streckenpass/contract/users';
import { Link } from 'react-router';
import { EmailAddress } from '../../../components/email-address';

export function fullName(user: Pick<User, 'firstname' | 'lastname'>): string {
  return [user.firstname, user.lastname].filter(Boolean).join(' ');
}

/** "Mein Konto": greeting with full name, e-mail and the way to the account page. */
export function AccountCard({ user, accountPath }: { user: User; accountPath: string }) {
  const name = fullName(user);
  return (
    <Card>
      <Title order={2} size="h4" mb="xs">
        Mein Konto
      </Title>
      <Text fw={600}>{name ? `Hallo ${name}!` : 'Hallo!'}</Text>
      <Text c="dimmed" size="sm" mb="md" style={{ overflowWrap: 'break-word' }}>
        <EmailAddress email={user.email} />
      </Text>
      <Button component={Link} to={accountPath} variant="light">
        Konto bearbeiten
      </Button>
    </Card>
  );
}
