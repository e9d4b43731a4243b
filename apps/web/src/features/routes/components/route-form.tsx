import { effectiveValidityDays } from '@streckenpass/contract/knowledge';
import { Divider, Select, Text, TextInput } from '@mantine/core';
import { VALIDITY_DAYS_HALF_YEAR, VALIDITY_DAYS_YEAR } from '@streckenpass/contract/constants';
import { addDays, FUTURE_DATE_MESSAGE, isCalendarDate, type ValidityPeriod } from '@streckenpass/contract/knowledge';
import { validityDaysSchema, validityRuleLabel } from '@streckenpass/contract/notifications';
import { createRouteSchema } from '@streckenpass/contract/routes';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  lineSectionInputSchema,
  sectionsKm,
  type RoutePath,
  type RoutePathInput,
} from '@streckenpass/contract/route-paths';
import { NetworkError, NotFoundError } from '../../../lib/api-errors';
import { routePathQueryOptions } from '../api/route-path';
import { lineSectionOf, pathEndsOf, RoutePathField, viaOf } from './route-path-field';
import { z } from 'zod';
import { formatDate, todayInput } from '../../../lib/dates';
import { useContractForm } from '../../../lib/use-contract-form';
import { useAccountValidityDays } from '../../../lib/account-validity';

export type RuleChoice = 'account' | 'year' | 'half-year' | 'custom';
import { useStationIndex } from '../../../lib/stations';
import { StationField } from '../../../components/station-field';
import { ValidityDaysInput } from '../../../components/validity-days-input';
import { RecordForm, type RecordFormTexts } from '../../../components/record-form';
import { DateField } from '../../../components/date-field';
import { accountRuleLabel, TERMS } from '@streckenpass/contract/terms';

export interface RouteFormValues {
  name: string;
  companyRoute: string;
  startPoint: string;
  endPoint: string;
  /** The route's validity rule: the account's, or its own (docs/decisions/0020). */
  rule: RuleChoice;
  ruleDays: number | string;
  /** DS100 codes of the chosen stations; null = free text. */
  startStation: string | null;
  endStation: string | null;
  /** "Zuletzt gefahren am" (yyyy-mm-dd), only on create; empty = no first record. */
  lastDriven: string;
  /** The first drive's validity: by the rule, or explicitly a year or half a year. */
  period: ValidityPeriod | 'rule';
  /** The path: along the tracks (the shortest, or over `via`), or one section given by line number and km. */
  pathMode: 'network' | 'line';
  /** DS100 code of a point the path goes over; empty = the shortest path. */
  via: string;
  lineNumber: number | string;
  lineFromKm: number | string;
  lineToKm: number | string;
  /**
   * The path the save sends, resolved when the form is submitted (`resolvePath`): undefined = the server keeps the
   * route's path, or finds the shortest when the start or end changed; null = none.
   */
  path?: RoutePathInput | null;
}

/** The name field of the form. */
const ROUTE_NAME = { label: 'Name der Strecke', placeholder: 'Der Name der Strecke' };

/** The route's own rule in days from the form; null = the account's. */
export function ruleDaysOf(values: Pick<RouteFormValues, 'rule' | 'ruleDays'>): number | null {
  if (values.rule === 'account') return null;
  if (values.rule === 'year') return VALIDITY_DAYS_YEAR;
  if (values.rule === 'half-year') return VALIDITY_DAYS_HALF_YEAR;
  return typeof values.ruleDays === 'number' ? values.ruleDays : Number.NaN;
}

/** The form's rule choice for a route's stored rule. */
export function ruleChoiceOf(days: number | null | undefined): Pick<RouteFormValues, 'rule' | 'ruleDays'> {
  if (days === null || days === undefined) return { rule: 'account', ruleDays: 90 };
  if (days === VALIDITY_DAYS_YEAR) return { rule: 'year', ruleDays: days };
  if (days === VALIDITY_DAYS_HALF_YEAR) return { rule: 'half-year', ruleDays: days };
  return { rule: 'custom', ruleDays: days };
}

const emptyValues: RouteFormValues = {
  name: '',
  companyRoute: '',
  startPoint: '',
  endPoint: '',
  rule: 'account',
  ruleDays: 90,
  startStation: null,
  endStation: null,
  lastDriven: '',
  period: 'rule',
  pathMode: 'network',
  via: '',
  lineNumber: '',
  lineFromKm: '',
  lineToKm: '',
};

/**
 * The form's path fields for a stored path: along the tracks, over its via point if it has one. (A section once given
 * by line is kept as it is unless the driver chooses anew.)
 */
export function pathChoiceOf(
  path: RoutePath | undefined,
): Pick<RouteFormValues, 'pathMode' | 'via' | 'lineNumber' | 'lineFromKm' | 'lineToKm'> {
  return { pathMode: 'network', via: path?.via ?? '', lineNumber: '', lineFromKm: '', lineToKm: '' };
}

/**
 * The contract's rules for the master data, plus what only the form has: the rule choice (its own number of days
 * checked like the server's `validityDays`) and the optional first drive ("Zuletzt gefahren am", not in the future).
 */
const routeFormSchema = createRouteSchema
  .pick({ name: true, companyRoute: true, startPoint: true, endPoint: true, startStation: true, endStation: true })
  .extend({
    rule: z.enum(['account', 'year', 'half-year', 'custom']),
    ruleDays: z.union([z.number(), z.string()]),
    lastDriven: z.string(),
    period: z.enum(['rule', 'year', 'half-year']),
    pathMode: z.enum(['network', 'line']),
    via: z.string(),
    lineNumber: z.union([z.number(), z.string()]),
    lineFromKm: z.union([z.number(), z.string()]),
    lineToKm: z.union([z.number(), z.string()]),
  })
  .superRefine((values, context) => {
    if (values.rule === 'custom') {
      const checked = validityDaysSchema.safeParse(ruleDaysOf(values));
      if (!checked.success) {
        const message = checked.error.issues[0]?.message ?? 'Bitte eine Zahl von Tagen angeben.';
        context.addIssue({ code: 'custom', path: ['ruleDays'], message });
      }
    }
    if (values.pathMode === 'line') {
      const fields = { line: 'lineNumber', fromKm: 'lineFromKm', toKm: 'lineToKm' } as const;
      const section = lineSectionOf(values);
      if (!section) {
        for (const [key, field] of Object.entries(fields)) {
          if (typeof values[field] !== 'number') {
            const message = key === 'line' ? 'Bitte eine Streckennummer angeben.' : 'Bitte einen km-Wert angeben.';
            context.addIssue({ code: 'custom', path: [field], message });
          }
        }
      } else {
        const checked = lineSectionInputSchema.safeParse(section);
        for (const issue of checked.error?.issues ?? []) {
          const key = issue.path[0] as keyof typeof fields;
          context.addIssue({ code: 'custom', path: [fields[key] ?? 'lineNumber'], message: issue.message });
        }
      }
    }
    if (values.lastDriven) {
      if (!isCalendarDate(values.lastDriven)) {
        context.addIssue({ code: 'custom', path: ['lastDriven'], message: 'Bitte ein gültiges Datum angeben.' });
      } else if (values.lastDriven > todayInput()) {
        context.addIssue({ code: 'custom', path: ['lastDriven'], message: FUTURE_DATE_MESSAGE });
      }
    }
  });

/**
 * The path a save sends (issue 29 item 2, docs/decisions/0051): a section given by line as it is; over a point the path
 * found for it (a point off the network refuses the save with the server's sentence); the shortest path only when the
 * driver went back to it from another one — otherwise nothing, and the server keeps the path or finds it anew when
 * the start or end changed. Offline, nothing is sent either (the server decides when the save arrives).
 */
export async function resolvePath(
  values: RouteFormValues,
  initial: RouteFormValues,
  queryClient: QueryClient,
): Promise<RoutePathInput | null | undefined> {
  if (values.pathMode === 'line') {
    const section = lineSectionOf(values);
    return section ? { km: sectionsKm([section]), sections: [section], via: null } : undefined;
  }
  const via = viaOf(values);
  const untouched = initial.pathMode === 'network' && viaOf(initial) === via;
  if (untouched && !via) return undefined;
  const { from, to } = pathEndsOf(values);
  if (!from || !to) return null;
  if (untouched && !hasMovedEnds(values, initial)) return undefined;
  try {
    const found = await queryClient.fetchQuery(routePathQueryOptions(from, to, via));
    return { km: found.km, sections: found.sections, via };
  } catch (error) {
    if (error instanceof NetworkError) return undefined;
    // Over a point off the network: said, not saved without it. The shortest path off the network: none.
    if (error instanceof NotFoundError && !via) return null;
    throw error;
  }
}

/** Whether the start or the end differs from what the form began with. */
function hasMovedEnds(values: RouteFormValues, initial: RouteFormValues): boolean {
  const now = pathEndsOf(values);
  const before = pathEndsOf(initial);
  return now.from !== before.from || now.to !== before.to;
}

/**
 * The master data of a route (create and edit), with the optional first date on create. `onSubmit` saves (the page's
 * create or update, with what follows it); it runs as a mutation, so its pending state is the button's. When it
 * throws, the input stays, 422 violations land on their fields and a German message appears above the form.
 */
export function RouteForm({
  initialValues,
  withLastDriven = false,
  onSubmit,
  ...texts
}: RecordFormTexts & {
  initialValues?: Partial<RouteFormValues>;
  withLastDriven?: boolean;
  onSubmit: (values: RouteFormValues) => Promise<unknown>;
}) {
  const queryClient = useQueryClient();
  const start = { ...emptyValues, ...initialValues };
  // The page's save may be more than one request; the mutations inside it decide about the network.
  const save = useMutation({
    mutationFn: async (values: RouteFormValues) =>
      onSubmit({ ...values, path: await resolvePath(values, start, queryClient) }),
    networkMode: 'always',
  });
  const contract = useContractForm(routeFormSchema, save, { initialValues: start });
  const { form } = contract;
  const stations = useStationIndex();
  const pointField = (text: 'startPoint' | 'endPoint', code: 'startStation' | 'endStation') => {
    const input = form.getInputProps(text);
    return {
      value: form.values[text],
      station: form.values[code],
      index: stations,
      error: input.error ?? form.errors[code],
      onBlur: input.onBlur,
      onChange: (value: string, station: string | null) => {
        form.setFieldValue(text, value);
        form.setFieldValue(code, station);
      },
    };
  };

  const accountDays = useAccountValidityDays();
  const { lastDriven } = form.values;
  const ownDays = ruleDaysOf(form.values);
  const ruleDays = effectiveValidityDays(
    ownDays !== null && Number.isInteger(ownDays) ? ownDays : null,
    accountDays ?? VALIDITY_DAYS_YEAR,
  );
  // One place for validity: the first drive follows the rule above, like every later one.
  const until = lastDriven && isCalendarDate(lastDriven) ? addDays(lastDriven, ruleDays) : null;

  return (
    <RecordForm narrow texts={texts} contract={contract} name={ROUTE_NAME}>
      <TextInput
        label={`${TERMS.companyRoute} (optional)`}
        description="Die Streckennummer oder Bezeichnung Ihres Unternehmens, z. B. KBS 450"
        placeholder="z. B. KBS 450"
        {...form.getInputProps('companyRoute')}
      />
      <Divider />
      <StationField
        label="Start der Strecke"
        placeholder="DS100-Kürzel oder Bahnhof, z. B. FF"
        required
        {...pointField('startPoint', 'startStation')}
      />
      <StationField
        label="Ende der Strecke"
        placeholder="DS100-Kürzel oder Bahnhof, z. B. RK"
        required
        {...pointField('endPoint', 'endStation')}
      />
      <RoutePathField form={form} />
      <Divider />
      <Select
        label="Gültigkeitsregel"
        description="So lange gilt jede Fahrt auf dieser Strecke, auch die erste unten. Die Kontoregel stellen Sie unter Konto › Gültigkeit ein."
        data={[
          { value: 'account', label: accountRuleLabel(validityRuleLabel(accountDays ?? VALIDITY_DAYS_YEAR)) },
          { value: 'year', label: '1 Jahr (364 Tage)' },
          { value: 'half-year', label: '½ Jahr (182 Tage)' },
          { value: 'custom', label: 'Eigene Anzahl Tage' },
        ]}
        allowDeselect={false}
        {...form.getInputProps('rule')}
      />
      {form.values.rule === 'custom' && <ValidityDaysInput label="Tage" {...form.getInputProps('ruleDays')} />}
      {withLastDriven && (
        <>
          <Divider />
          <DateField
            label="Zuletzt gefahren am (optional)"
            description="Mit einem Datum wird die Streckenkunde gleich mit erfasst, nach der Gültigkeitsregel oben."
            max={todayInput()}
            {...form.getInputProps('lastDriven')}
          />
          {until && (
            <Text size="sm" c="dimmed" aria-live="polite">
              Streckenkunde gültig bis {formatDate(until)}
            </Text>
          )}
        </>
      )}
    </RecordForm>
  );
}
