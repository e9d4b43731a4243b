import { Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { ConfirmDeleteButton } from './confirm-delete-button';

/**
 * The two buttons under a record's master data: edit it, or go back to the documentation. `secondary` when the page
 * has a main action of its own above them ("Heute gefahren"): editing is then not the filled button.
 */
export function RecordActions({
  edit,
  label,
  secondary = false,
}: {
  edit: string;
  label: string;
  secondary?: boolean;
}) {
  return (
    <>
      <Button component={Link} to={edit} fullWidth variant={secondary ? 'light' : 'filled'}>
        {label}
      </Button>
      <BackToDocumentationButton />
    </>
  );
}

/** The way out of a record's page or a new record's form, without saving. `onClick` replaces the link (a draft to discard first). */
export function BackToDocumentationButton({ onClick }: { onClick?: () => void }) {
  return onClick ? (
    <Button variant="default" fullWidth onClick={onClick}>
      Zurück zur Dokumentation
    </Button>
  ) : (
    <Button component={Link} to={paths.documentation} variant="default" fullWidth>
      Zurück zur Dokumentation
    </Button>
  );
}

/**
 * The two buttons under a record's edit form: back to its view (a path, or what the page does on the way back) and
 * delete it after asking; `children` say in a sentence what will be deleted.
 */
export function EditRecordActions({
  back,
  onDelete,
  deleteTitle,
  children,
}: {
  back: string | (() => void);
  onDelete: () => Promise<void>;
  deleteTitle: string;
  children: ReactNode;
}) {
  return (
    <>
      {typeof back === 'string' ? (
        <Button component={Link} to={back} variant="default" fullWidth>
          Zurück zur Ansicht
        </Button>
      ) : (
        <Button variant="default" fullWidth onClick={back}>
          Zurück zur Ansicht
        </Button>
      )}
      <ConfirmDeleteButton onConfirm={onDelete} title={deleteTitle}>
        {children}
      </ConfirmDeleteButton>
    </>
  );
}
