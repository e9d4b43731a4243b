import { notifications } from '@mantine/notifications';
import { toIri } from '@streckenpass/contract/common';
import { validUntil } from '@streckenpass/contract/knowledge';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useCreateRouteActivity } from '../../features/route-activities/api/route-activities';
import { useCreateRoute } from '../../features/routes/api/routes';
import { RouteForm } from '../../features/routes/components/route-form';
import type { RouteFormValues } from '../../features/routes/route-form-values';
import { routeInput } from '../../features/routes/route-input';
import { NewRecordPage } from '../new-record-page';

export function Component() {
  const navigate = useNavigate();
  const createRoute = useCreateRoute();
  const createActivity = useCreateRouteActivity();

  const save = async (values: RouteFormValues) => {
    const route = await createRoute.mutateAsync(routeInput(values, null));
    if (values.lastDriven) {
      // The route exists now; a second submit would create it twice, so a failure here does not keep the form.
      try {
        await createActivity.mutateAsync({
          input: {
            acquiredAt: values.lastDriven,
            // By the route's rule the server sets the end; "1 Jahr" / "½ Jahr" are explicit.
            ...(values.period === 'rule' ? {} : { acquiredUntil: validUntil(values.lastDriven, values.period) }),
            acquiredRoutes: [toIri('routes', route.id)],
          },
        });
      } catch (error) {
        console.error('Streckenkunde zur neuen Strecke nicht erfasst', error);
        notifications.show({
          color: 'red',
          title: 'Streckenkunde nicht erfasst',
          message:
            'Die Strecke wurde gespeichert, das Datum „Zuletzt gefahren am“ aber nicht. Bitte erfassen Sie es über die Dokumentation erneut.',
          autoClose: false,
        });
      }
    }
    // The route's page opens at its top with "Heute gefahren" as its main action: say what happened and what is next.
    // No title: a notification's text under a title is grey, below the contrast a driver needs in daylight.
    notifications.show({
      color: 'green',
      message: `Strecke „${route.name}“ erstellt. ${
        values.lastDriven
          ? 'Die Streckenkunde ist mit erfasst.'
          : 'Heute gefahren? Dann tippen Sie auf „Heute gefahren“.'
      }`,
    });
    navigate(paths.route(route.id));
  };

  return (
    <NewRecordPage title="Strecke erstellen">
      {(form) => <RouteForm {...form} withLastDriven onSubmit={save} />}
    </NewRecordPage>
  );
}
