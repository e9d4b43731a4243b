import { redirect } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { paths } from '../../config/paths';
import { betriebeQueryOptions } from '../../features/betriebe/api/betriebe';
import { betriebHome } from '../../features/betriebe/betrieb-home';
import type { PageModule } from '../record-route';

/*
 * `/start`, where a login leads (issue 40): an admin or Disponent goes on to the Betrieb's page (several Betriebe:
 * "Meine Betriebe" to choose), everyone else to the dashboard. The navigation has both, so a person who is both can
 * switch. Without an answer about the Betriebe (offline, an error) the dashboard is the safe place.
 */
export const { clientLoader, Component }: PageModule = {
  clientLoader: (queryClient) => async () => {
    const betriebe = await queryClient.ensureQueryData(betriebeQueryOptions()).catch(() => undefined);
    return redirect(betriebHome(betriebe) ?? paths.dashboard);
  },
  Component: PageLoader,
};
