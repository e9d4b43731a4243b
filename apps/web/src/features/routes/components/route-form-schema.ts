import type { z } from 'zod';
import { createRouteSchema } from '@streckenpass/contract/routes';
import { PLACE_STATION_MESSAGE } from '@streckenpass/contract/knowledge-items';
import { lineSectionInputSchema } from '@streckenpass/contract/route-paths';
import { todayInput } from '../../../lib/dates';
import { driveDate, driveDatesSchema } from '../../../lib/drive-form';
import { renamedFields, sentValuesSchema } from '../../../lib/use-contract-form';
import { routeInput } from '../route-input';
import type { RouteFormValues } from '../route-form-values';
import { lineSectionOf } from './route-path-field';

/** The optional first drive ("Zuletzt gefahren am"), checked as the server checks a drive's date. */
const firstDriveSchema = driveDatesSchema({ acquiredAt: driveDate() }, () => todayInput());

/**
 * The contract's rules on what the form sends (`routeInput`: master data and the rule's days, whose issue lands on
 * "Tage"), plus what only the form has: a section given by line and km, and the optional first drive.
 */
export const routeFormSchema = sentValuesSchema<RouteFormValues>(
  createRouteSchema,
  (values) => routeInput(values, undefined),
  renamedFields({ validityDays: 'ruleDays' }),
).superRefine((values, context) => {
  // A place is one station of the list (free text would make it a route from a point to itself).
  if (values.kind === 'place') {
    if (!values.startStation)
      context.addIssue({ code: 'custom', path: ['startPoint'], message: PLACE_STATION_MESSAGE });
    return checkFirstDrive(values, context);
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
  checkFirstDrive(values, context);
});

function checkFirstDrive(values: RouteFormValues, context: z.RefinementCtx) {
  if (values.lastDriven) {
    for (const issue of firstDriveSchema.safeParse({ acquiredAt: values.lastDriven }).error?.issues ?? []) {
      context.addIssue({ code: 'custom', path: ['lastDriven'], message: issue.message });
    }
  }
}
