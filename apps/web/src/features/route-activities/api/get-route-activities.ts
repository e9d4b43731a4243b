// Kept for the dashboard page, which imports this path; the API of route activities is ./route-activities.ts.
export { getRouteActivities, routeActivitiesQueryOptions, useRouteActivities } from './route-activities';
