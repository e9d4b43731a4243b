import { routes } from './schema.js';

/** The columns that name a route to a driver: name, company code, start and end as typed. */
export const routeNameColumns = {
  name: routes.name,
  companyRoute: routes.companyRoute,
  startPoint: routes.startPoint,
  endPoint: routes.endPoint,
};

/** A route as the exports, the CSV import and the backup describe it: its name columns and station codes. */
export const routeDescriptionColumns = {
  ...routeNameColumns,
  startStation: routes.startStation,
  endStation: routes.endStation,
};

export type RouteDescription = Pick<typeof routes.$inferSelect, keyof typeof routeDescriptionColumns>;
