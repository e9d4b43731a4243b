/** How a route is named in lists: "Uelzen - Celle → N30.1" (the company code only when there is one). */
export function routeLabel(route: { name: string; companyRoute: string | null }): string {
  return route.companyRoute ? `${route.name} → ${route.companyRoute}` : route.name;
}
