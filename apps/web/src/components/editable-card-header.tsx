import { Button, Group, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';

/** A card's heading with the button that opens its part of the record for editing (hidden while it is open). */
export function EditableCardHeader({
  title,
  editing,
  onEdit,
  editLabel,
}: {
  title: string;
  editing: boolean;
  onEdit: () => void;
  editLabel: string;
}) {
  return (
    <Group justify="space-between" mb="sm">
      <Title order={2} size="h4">
        {title}
      </Title>
      {!editing && (
        <Button size="xs" variant="light" leftSection={<IconEdit size={14} aria-hidden />} onClick={onEdit}>
          {editLabel}
        </Button>
      )}
    </Group>
  );
}
