import { PreferencesForm } from '../../features/account/components/preferences-form';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { AccountPage } from '../account-page';

export function Component() {
  const user = useCurrentUser();

  return (
    <AccountPage title="Einstellungen" queries={[user]}>
      {user.data && <PreferencesForm user={user.data} />}
    </AccountPage>
  );
}
