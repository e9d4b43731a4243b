/**
 * A tour needs at least two routes (the create and update schemas insist). Deleting a route can leave a tour with
 * fewer: such a tour is kept but shown as incomplete until it is edited. No zod here: pages import this freely.
 */
export const TOUR_MIN_ROUTES = 2;
export const TOUR_INCOMPLETE_LABEL = 'unvollständig';

export function isTourIncomplete(routes: readonly string[]): boolean {
  return new Set(routes).size < TOUR_MIN_ROUTES;
}
