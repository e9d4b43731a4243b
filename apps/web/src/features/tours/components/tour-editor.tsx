import { Badge, Box, Button, Grid, Group, Stack, Text } from '@mantine/core';
import { toIri } from '@streckenpass/contract/common';
import type { Route } from '@streckenpass/contract/routes';
import { createTourSchema, TOUR_MIN_ROUTES } from '@streckenpass/contract/tours';
import { useMutation } from '@tanstack/react-query';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { z } from 'zod';
import { useContractForm } from '../../../lib/use-contract-form';
import { useTourSelection, type TourDraftKey } from '../tour-selection-store';
import { RouteListCard, selectedRoutes } from './route-list-card';
import { RoutePicker } from './route-picker';
import { RecordForm, type RecordFormTexts } from '../../../components/record-form';
import classes from './tour-editor.module.css';

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

/** The name field of the form. */
const TOUR_NAME = { label: 'Name der Tour', placeholder: 'Der Name der Tour' };

/**
 * Name plus route selection of a tour. The selection lives in the tour selection store (kept while the user visits
 * other screens), so the form checks and sends it as a value from outside. `onSubmit` (the page's save) runs as a
 * mutation, so its pending state is the button's; when it throws, the input stays and a German message appears.
 */
export function TourEditor({
  draftKey,
  initialName = '',
  savedRoutes,
  routes,
  onSubmit,
  help,
  ...texts
}: RecordFormTexts & {
  draftKey: TourDraftKey;
  initialName?: string;
  /** A help card below the form (the original product shows "Hilfe zu den Touren" there). */
  help?: ReactNode;
  /** What the server holds (empty for a new tour). */
  savedRoutes: readonly string[];
  /** All routes of the user. */
  routes: readonly Route[];
  onSubmit: (input: TourSaveInput, discardDraft: () => void) => Promise<void>;
}) {
  const isNew = draftKey === 'new';
  const { selection, dirty, toggle, discard } = useTourSelection(draftKey, savedRoutes);
  const chosen = selectedRoutes(routes, selection);
  const save = useMutation({
    mutationFn: (input: TourSaveInput) => onSubmit(input, discard),
    networkMode: 'always',
  });
  const contract = useContractForm(tourFormSchema, save, {
    initialValues: { name: initialName },
    outside: { routes: chosen.map((route) => toIri('routes', route.id)) },
  });
  const { form } = contract;

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

  const formId = `tour-form-${draftKey}`;
  // Read at once (no second render): the buttons stand in one place only, the card or the phone's bottom bar.
  const phone = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  return (
    // Three columns from md on: master data, the picker, then the selection being edited above what is saved. On a
    // phone the same order top to bottom – name, pick, check – with "speichern" pinned at the bottom of the screen
    // (a button of the same form, outside it), and the help last.
    <>
      <Grid gap="md" align="flex-start">
        <Grid.Col span={column}>
          <RecordForm id={formId} texts={texts} contract={contract} withSubmit={!phone} name={TOUR_NAME}>
            <Text size="sm" c="dimmed">
              Eine Tour fasst mindestens {TOUR_MIN_ROUTES} Strecken zusammen, die Sie dann mit einem Klick
              dokumentieren.
            </Text>
          </RecordForm>
          {help && !phone && <Box mt="md">{help}</Box>}
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
      {phone && (
        <div className={classes.phoneBar}>
          {texts.actions}
          <Button type="submit" form={formId} fullWidth loading={contract.isPending}>
            {texts.submitLabel}
          </Button>
        </div>
      )}
      {help && phone && <Box>{help}</Box>}
    </>
  );
}
