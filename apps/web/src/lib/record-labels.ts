import { TERMS } from '@streckenpass/contract/terms';

/** A route's company code as it follows its name: "Kürzel N30.1" (an arrow would read like a destination). */
export function companyRouteNote(companyRoute: string): string {
  return `${TERMS.companyRoute} ${companyRoute}`;
}

/** How a route is named in lists: "Uelzen - Celle · Kürzel N30.1" (the company code only when there is one). */
export function routeLabel(route: { name: string; companyRoute: string | null }): string {
  return route.companyRoute ? `${route.name} · ${companyRouteNote(route.companyRoute)}` : route.name;
}
