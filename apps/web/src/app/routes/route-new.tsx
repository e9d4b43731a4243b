import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { toIri } from '@streckenpass/contract/common';
import { validUntil } from '@streckenpass/contract/knowledge';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useCreateRouteActivity } from '../../features/route-activities/api/route-activities';
import { useCreateRoute } from '../../features/routes/api/routes';
import { RouteForm, ruleDaysOf, type RouteFormValues } from '../../features/routes/components/route-form';
import { useTitle } from '../use-title';

export function Component() {
  useTitle('Strecke erstellen');
  const navigate = useNavigate();
  const createRoute = useCreateRoute();
  const createActivity = useCreateRouteActivity();

  const save = async (values: RouteFormValues) => {
    const route = await createRoute.mutateAsync({
      name: values.name,
      companyRoute: values.companyRoute.trim() || null,
      startPoint: values.startPoint,
      endPoint: values.endPoint,
      ...(ruleDaysOf(values) !== null ? { validityDays: ruleDaysOf(values) } : {}),
      startStation: values.startStation,
      endStation: values.endStation,
    });
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
    navigate(paths.route(route.id));
  };

  return (
    <Stack align="center">
      <RouteForm
        heading="Strecke erstellen"
        submitLabel="Strecke erstellen"
        withLastDriven
        onSubmit={save}
        actions={
          <Button component={Link} to={paths.documentation} variant="default" fullWidth>
            Zurück zur Dokumentation
          </Button>
        }
      />
    </Stack>
  );
}
