import type { CreateRouteInput } from '@streckenpass/contract/routes';
import { ruleDaysOf, type RouteFormValues } from './route-form-values';

/**
 * What the route form sends, new or edited: the rule only when it differs from the saved one (`savedDays`, null for
 * a new route or one without a rule of its own; undefined sends it always, as the form's check does), so the server
 * keeps following the account's rule otherwise.
 */
export function routeInput(values: RouteFormValues, savedDays: number | null | undefined): CreateRouteInput {
  const days = ruleDaysOf(values);
  return {
    name: values.name,
    companyRoute: values.companyRoute.trim() || null,
    startPoint: values.startPoint,
    endPoint: values.endPoint,
    ...(days !== savedDays ? { validityDays: days } : {}),
    startStation: values.startStation,
    endStation: values.endStation,
    // Resolved by the form on submit; absent = the server keeps or finds the path (docs/decisions/0051).
    ...(values.path !== undefined ? { path: values.path } : {}),
  };
}
