import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { germanMessage } from '../../../lib/api-errors';
import { formatDate } from '../../../lib/dates';
import { VehiclesNotSavedError } from '../api/save-documentation';

/**
 * Why "Dokumentation speichern" failed, in the card and the phone's action bar: the reason is `germanMessage`'s; a
 * save whose vehicles failed after its routes were recorded says so and links the drive, where they can be added.
 */
export function SaveErrorMessage({ error }: { error: unknown }) {
  if (error instanceof VehiclesNotSavedError) {
    const { activity } = error;
    return (
      <>
        Die Strecken sind dokumentiert (gültig bis {formatDate(activity.acquiredUntil)}), die Fahrzeuge aber nicht:{' '}
        {germanMessage(error.reason)} Speichern Sie erneut – die Strecken werden dabei nicht doppelt erfasst – oder
        fügen Sie die Fahrzeuge in der{' '}
        <Anchor component={Link} to={paths.routeActivity(activity.id)} inherit>
          Dokumentation vom {formatDate(activity.acquiredAt)}
        </Anchor>{' '}
        hinzu.
      </>
    );
  }
  return (
    <>{`Die Dokumentation konnte nicht gespeichert werden: ${germanMessage(error)} Ihre Auswahl bleibt erhalten.`}</>
  );
}
