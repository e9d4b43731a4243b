import { Badge, Box, Button, Card, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { toIri } from '@streckenpass/contract/common';
import type { Route } from '@streckenpass/contract/routes';
import { createTourSchema, TOUR_MIN_ROUTES } from '@streckenpass/contract/tours';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { useContractForm } from '../../../lib/use-contract-form';
import { useTourSelection, type TourDraftKey } from '../tour-selection-store';
import { RouteListCard, selectedRoutes } from './route-list-card';
import { RoutePicker } from './route-picker';
import { FormError } from '../../../components/form-error';

export interface TourSaveInput {
  name: string;
  /** Route IRIs, only of routes that still exist. */
  routes: string[];
}

const column = { base: 12, sm: 6, md: 4 };
const tooFewRoutes = `Eine Tour braucht mindestens ${TOUR_MIN_ROUTES} Strecken. Bitte wählen Sie weitere Strecken aus.`;

/** The contract's tour; too few routes are asked for in the editor's words (what to do: choose more). */
const tourFormSchema = createTourSchema.pick({ name: true }).extend({
  routes: z.array(z.string()).min(TOUR_MIN_ROUTES, tooFewRoutes).pipe(createTourSchema.shape.routes),
});

/**
 * Name plus route selection of a tour. The selection lives in the tour selection store (kept while the user visits
 * other screens), so the form checks and sends it as a value from outside. `onSubmit` (the page's save) runs as a
 * mutation, so its pending state is the button's; when it throws, the input stays and a German message appears.
 */
export function TourEditor({
  draftKey,
  heading,
  submitLabel,
  initialName = '',
  savedRoutes,
  routes,
  onSubmit,
  actions,
  help,
}: {
  draftKey: TourDraftKey;
  heading: string;
  submitLabel: string;
  initialName?: string;
  /** A help card below the form (the original product shows "Hilfe zu den Touren" there). */
  help?: ReactNode;
  /** What the server holds (empty for a new tour). */
  savedRoutes: readonly string[];
  /** All routes of the user. */
  routes: readonly Route[];
  onSubmit: (input: TourSaveInput, discardDraft: () => void) => Promise<void>;
  /** Buttons above the submit button. */
  actions?: ReactNode;
}) {
  const isNew = draftKey === 'new';
  const { selection, dirty, toggle, discard } = useTourSelection(draftKey, savedRoutes);
  const chosen = selectedRoutes(routes, selection);
  const save = useMutation({
    mutationFn: (input: TourSaveInput) => onSubmit(input, discard),
    networkMode: 'always',
  });
  const {
    form,
    onSubmit: submit,
    isPending,
    formError,
  } = useContractForm(tourFormSchema, save, {
    initialValues: { name: initialName },
    outside: { routes: chosen.map((route) => toIri('routes', route.id)) },
  });

  const onToggle = (iri: string) => {
    toggle(iri);
    form.clearFieldError('routes');
  };

  const routesError = form.errors.routes;
  const routesMessage = routesError && (
    <Text c="red" size="sm" role="alert">
      {routesError}
    </Text>
  );

  return (
    // Three columns from md on: master data, the picker, then the selection being edited above what is saved.
    <Grid gap="md" align="flex-start">
      <Grid.Col span={column}>
        <Card>
          <form noValidate onSubmit={submit}>
            <Stack gap="sm">
              <Title order={1} size="h3">
                {heading}
              </Title>
              <FormError error={formError} title="Nicht gespeichert" />
              <TextInput
                label="Name der Tour"
                placeholder="Der Name der Tour"
                required
                {...form.getInputProps('name')}
              />
              <Text size="sm" c="dimmed">
                Eine Tour fasst mindestens {TOUR_MIN_ROUTES} Strecken zusammen, die Sie dann mit einem Klick
                dokumentieren.
              </Text>
              <Stack gap="xs">
                {actions}
                <Button type="submit" fullWidth loading={isPending}>
                  {submitLabel}
                </Button>
              </Stack>
            </Stack>
          </form>
        </Card>
        {help && <Box mt="md">{help}</Box>}
      </Grid.Col>
      <Grid.Col span={column}>
        <RoutePicker routes={routes} selected={selection} onToggle={onToggle} />
      </Grid.Col>
      <Grid.Col span={column}>
        <Stack gap="md">
          <RouteListCard
            title={isNew ? 'Ausgewählte Strecken' : 'Zu speichernde Strecken'}
            description={
              isNew
                ? 'Hier stehen die Strecken, die Sie über die Suche ausgewählt haben.'
                : 'Diese Auswahl wird mit „Tour speichern“ gespeichert.'
            }
            routes={chosen}
            empty="Noch keine Strecke ausgewählt."
          >
            {dirty && !isNew && (
              <Group>
                <Badge color="yellow" variant="light">
                  Nicht gespeichert
                </Badge>
              </Group>
            )}
            {routesMessage}
          </RouteListCard>
          {!isNew && (
            <RouteListCard
              title="Gespeicherte Auswahl"
              description="So ist die Tour derzeit gespeichert."
              routes={selectedRoutes(routes, savedRoutes)}
              empty="Keine Strecken gespeichert."
            />
          )}
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
