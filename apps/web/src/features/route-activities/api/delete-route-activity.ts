// Kept for the delete button, which imports this path; the API of route activities is ./route-activities.ts.
export { deleteRouteActivity, useDeleteRouteActivity } from './route-activities';
