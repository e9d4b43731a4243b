// Kept for the activity dates form, which imports this path; the API of route activities is ./route-activities.ts.
export { updateRouteActivity, useUpdateRouteActivity } from './route-activities';
