import { Button, Card, Group, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';

/** "Neue Objekte erstellen": the ways to the create forms. */
export function CreateObjectsCard({ links }: { links: { label: string; to: string }[] }) {
  return (
    <Card>
      <Title order={2} size="h4" mb="sm">
        Neue Objekte erstellen
      </Title>
      <Group gap="xs">
        {links.map((link) => (
          <Button
            key={link.to}
            component={Link}
            to={link.to}
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            {link.label}
          </Button>
        ))}
      </Group>
    </Card>
  );
}
