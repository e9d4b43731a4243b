import { placeLabel } from '@streckenpass/contract/stations';
import {
  Anchor,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { addDays } from '@streckenpass/contract/knowledge';
import type { RouteActivity } from '@streckenpass/contract/route-activities';
import type { Route } from '@streckenpass/contract/routes';
import type { Tour } from '@streckenpass/contract/tours';
import { IconCheck } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { formatDate, todayInput } from '../../../lib/dates';
import { useContractForm, type FormMutation } from '../../../lib/use-contract-form';
import {
  dateProblem,
  driveDays,
  planDocumentation,
  routeLabel,
  selectedRouteIds,
  type PeriodChoice,
} from '../documentation';
import { quickChoices } from '../quick-record';
import { useRecordDocumentation } from '../use-record-documentation';
import classes from './quick-record-card.module.css';
import { FormError } from '../../../components/form-error';

interface QuickRecordValues {
  acquiredAt: string;
  period: PeriodChoice;
  tours: number[];
  routes: number[];
}

function countText(count: number, one: string, many: string): string {
  return count === 1 ? `1 ${one}` : `${count} ${many}`;
}

function Choice({
  label,
  detail,
  selected,
  onToggle,
}: {
  label: string;
  detail: string;
  selected: boolean;
  onToggle: () => void;
}) {
  return (
    <UnstyledButton className={classes.choice} aria-pressed={selected} onClick={onToggle}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {label}
          </Text>
          <Text size="xs" c="dimmed">
            {detail}
          </Text>
        </div>
        <span className={classes.mark} aria-hidden>
          {selected && <IconCheck size={18} />}
        </span>
      </Group>
    </UnstyledButton>
  );
}

/**
 * "Heute gefahren": the quickest way to record a drive – the driver's tours and last driven routes on top, one
 * tap to choose, one to save. Date (today) and validity (1 year) can be changed. Without a connection the drive
 * goes into the outbox like on the documentation page.
 */
export function QuickRecordCard({
  tours,
  routes,
  activities,
  documentationPath,
  accountDays = null,
}: {
  tours: readonly Tour[];
  routes: readonly Route[];
  activities: readonly RouteActivity[];
  documentationPath: string;
  /** The account's validity rule in days, for "Regel"; null = not known. */
  accountDays?: number | null;
}) {
  const titleId = useId();
  const { record, save } = useRecordDocumentation();
  const [editDate, setEditDate] = useState(false);
  const choices = useMemo(() => quickChoices({ tours, routes, activities }, 4), [tours, routes, activities]);
  const today = todayInput();

  // What the drive records, or why it cannot: the documentation page's rule (`planDocumentation`), so its message is
  // the form's (the date field is often hidden behind "Datum ändern").
  const planOf = (values: QuickRecordValues) =>
    planDocumentation({
      selection: { routes: values.routes, tours: values.tours, vehicles: [], places: [] },
      routes: [...routes],
      tours: [...tours],
      vehicles: [],
      acquiredAt: values.acquiredAt,
      period: values.period,
      accountDays,
      today: todayInput(),
    });
  const schema = z
    .object({
      acquiredAt: z.string(),
      period: z.enum(['rule', 'year', 'half-year']),
      tours: z.array(z.number()),
      routes: z.array(z.number()),
    })
    .superRefine((values, context) => {
      const result = planOf(values);
      if (!result.ok) context.addIssue({ code: 'custom', message: result.message });
    });
  // Not a single request: `record` sends the drive, or – without a connection – puts it into the outbox (then it is
  // done as well, with its own notification). `record` reports only success, so as before a refused save leaves the
  // choice as it is and shows no message on this card.
  const recording: FormMutation<QuickRecordValues, unknown> = {
    isPending: save.isPending,
    mutate: (values, callbacks) => {
      const result = planOf(values);
      if (result.ok) record(result.plan, { onDone: (done) => callbacks?.onSuccess?.(done) });
    },
  };
  const initialValues: QuickRecordValues = { acquiredAt: today, period: 'rule', tours: [], routes: [] };
  const { form, onSubmit, isPending, formError, clearFormError } = useContractForm(schema, recording, {
    initialValues,
    onSuccess: (_done, _values, form) => {
      form.setValues({ tours: [], routes: [], acquiredAt: todayInput() });
      setEditDate(false);
    },
  });
  const { acquiredAt: date, period } = form.values;
  const chosen = { tours: form.values.tours, routes: form.values.routes };

  const selection = { routes: chosen.routes, tours: chosen.tours, vehicles: [], places: [] };
  const chosenRouteIds = selectedRouteIds(selection, [...routes], [...tours]);
  const routeCount = chosenRouteIds.length;
  const toggle = (kind: 'tours' | 'routes', id: number) => {
    clearFormError();
    form.setFieldValue(kind, (current: number[]) =>
      current.includes(id) ? current.filter((x) => x !== id) : [...current, id],
    );
  };

  const nothingToOffer = choices.tours.length === 0 && choices.routes.length === 0;
  const days = driveDays(
    period,
    routes.filter((route) => chosenRouteIds.includes(route.id)),
    accountDays,
  );
  const validText = dateProblem(date, today) ? '' : formatDate(addDays(date, days));

  return (
    <Card component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" mb={4} id={titleId}>
        Heute gefahren
      </Title>
      {nothingToOffer ? (
        <Text size="sm">
          Hier erscheinen Ihre Touren und zuletzt gefahrenen Strecken zum schnellen Erfassen. Legen Sie Strecken an und
          dokumentieren Sie sie auf der{' '}
          <Anchor component={Link} to={documentationPath}>
            Dokumentationsseite
          </Anchor>
          .
        </Text>
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Antippen, was Sie gefahren sind, dann speichern.
          </Text>
          {choices.tours.length > 0 && (
            <div role="group" aria-label="Touren">
              <Text size="sm" fw={600} mb={4} aria-hidden>
                Touren
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
                {choices.tours.map((tour) => (
                  <Choice
                    key={`t${tour.id}`}
                    label={tour.name}
                    detail={`Tour · ${countText(tour.routes.length, 'Strecke', 'Strecken')}`}
                    selected={chosen.tours.includes(tour.id)}
                    onToggle={() => toggle('tours', tour.id)}
                  />
                ))}
              </SimpleGrid>
            </div>
          )}
          {choices.routes.length > 0 && (
            <div role="group" aria-label="Zuletzt gefahrene Strecken">
              <Text size="sm" fw={600} mb={4} aria-hidden>
                Zuletzt gefahren
              </Text>
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xs">
                {choices.routes.map((route) => (
                  <Choice
                    key={`r${route.id}`}
                    label={routeLabel(route)}
                    detail={`${placeLabel(route.startPoint, route.startStation)} – ${placeLabel(route.endPoint, route.endStation)}`}
                    selected={chosen.routes.includes(route.id)}
                    onToggle={() => toggle('routes', route.id)}
                  />
                ))}
              </SimpleGrid>
            </div>
          )}
          <Group gap="xs" align="flex-end" wrap="wrap">
            {editDate ? (
              <TextInput
                type="date"
                label="Gefahren am"
                value={date}
                max={today}
                onChange={(event) => form.setFieldValue('acquiredAt', event.currentTarget.value)}
                required
              />
            ) : (
              <Button variant="default" onClick={() => setEditDate(true)}>
                {date === today ? 'Heute' : formatDate(date)} · Datum ändern
              </Button>
            )}
            <SegmentedControl
              aria-label="Gültigkeit"
              value={period}
              onChange={(value) => form.setFieldValue('period', value as PeriodChoice)}
              data={[
                { value: 'rule', label: 'Regel' },
                { value: 'year', label: '1 Jahr' },
                { value: 'half-year', label: '½ Jahr' },
              ]}
            />
          </Group>
          <FormError error={formError} p="xs" />
          <div>
            <Button onClick={() => onSubmit()} loading={isPending} disabled={routeCount === 0} fullWidth size="md">
              {routeCount === 0 ? 'Speichern' : `${countText(routeCount, 'Strecke', 'Strecken')} speichern`}
            </Button>
            {validText && (
              <Text size="xs" c="dimmed" mt={4} ta="center">
                Gefahren am {formatDate(date)} · gültig bis {validText}
              </Text>
            )}
          </div>
        </Stack>
      )}
    </Card>
  );
}
