import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { TitledCard } from '../../components/titled-card';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { betriebeQueryOptions } from '../../features/betriebe/api/betriebe';
import { BetriebeList } from '../../features/betriebe/components/betriebe-list';
import { CreateBetriebForm } from '../../features/betriebe/components/create-betrieb-form';
import { JoinCodeForm } from '../../features/betriebe/components/join-code-form';
import { AccountPage } from '../account-page';
import { dataRoute, usePageQuery } from '../record-route';

const TITLE = 'Meine Betriebe';

/**
 * Konto › Meine Betriebe (issue 28): the Betriebe I belong to, with my role and what each sees of my data; leaving
 * one; opening an invitation by its code; founding a Betrieb.
 */
function MyBetriebe() {
  const navigate = useNavigate();
  const { data: betriebe } = usePageQuery(betriebeQueryOptions());
  const user = useCurrentUser();
  return (
    <AccountPage title={TITLE} backToAccount>
      <TitledCard title="Mitgliedschaften">
        <BetriebeList betriebe={betriebe} betriebPath={paths.betrieb} />
      </TitledCard>
      <TitledCard title="Mit Code beitreten">
        <JoinCodeForm open={(code) => navigate(paths.join(code))} />
      </TitledCard>
      <TitledCard title="Betrieb gründen">
        {user.data && !user.data.mail_verified && (
          <Alert color="yellow">Einen Betrieb gründen können Sie, sobald Ihre E-Mail-Adresse bestätigt ist.</Alert>
        )}
        <CreateBetriebForm
          onCreated={(betrieb) => {
            notifications.show({ color: 'green', message: `Betrieb „${betrieb.name}“ gegründet.` });
            navigate(paths.betrieb(betrieb.id));
          }}
        />
      </TitledCard>
    </AccountPage>
  );
}

export const { clientLoader, ErrorBoundary, Component } = dataRoute({
  title: TITLE,
  needs: () => [betriebeQueryOptions()],
  Page: MyBetriebe,
});
