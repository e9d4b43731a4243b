import { Button } from '@mantine/core';
import { IconArrowLeft, IconList } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '../config/paths';

/**
 * The way to the list of all documentations: beside the documentation page's heading, or back to the list from one
 * documentation (`back`: a subtle button with an arrow).
 */
export function AllDocumentationsButton({ back = false }: { back?: boolean }) {
  const Icon = back ? IconArrowLeft : IconList;
  return (
    <Button
      component={Link}
      to={paths.routeActivities}
      variant={back ? 'subtle' : 'default'}
      leftSection={<Icon size={16} aria-hidden />}
    >
      Alle Dokumentationen
    </Button>
  );
}
