import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../config/paths';

/** The two buttons under a record's master data: edit it, or go back to the documentation. */
export function RecordActions({ edit, label }: { edit: string; label: string }) {
  return (
    <>
      <Button component={Link} to={edit} fullWidth>
        {label}
      </Button>
      <Button component={Link} to={paths.documentation} variant="default" fullWidth>
        Zurück zur Dokumentation
      </Button>
    </>
  );
}
