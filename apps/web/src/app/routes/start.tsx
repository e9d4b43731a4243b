import { Alert, Button, Card, Grid, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBell, IconBolt, IconDeviceMobile, IconFileExport } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { LoginForm } from '../../features/auth/components/login-form';
import { PageLoader } from '../../components/page-loader';
import { startPage } from '../../content/public-pages';
import { afterLogin, type FromState } from '../guards';

// Registration validates with the contract's zod schema; loading it on demand keeps zod off the start page.
const RegisterForm = lazy(() =>
  import('../../features/auth/components/register-form').then((m) => ({ default: m.RegisterForm })),
);
const ForgotPasswordForm = lazy(() =>
  import('../../features/auth/components/forgot-password-form').then((m) => ({ default: m.ForgotPasswordForm })),
);
import { useTitle } from '../use-title';

/** One icon per feature in `startPage.features`, same order. */
const featureIcons = [IconBolt, IconBell, IconFileExport, IconDeviceMobile] as const;

type Mode = 'login' | 'register' | 'forgot';
const titles: Record<Mode, string> = {
  login: startPage.loginTitle,
  register: startPage.login.register,
  forgot: startPage.login.forgot,
};

/** `?form=register` / `?form=forgot` open that form: the prerendered start page's buttons load the app with it. */
function initialMode(form: string | null): Mode {
  return form === 'register' || form === 'forgot' ? form : 'login';
}

export function Component() {
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(() => initialMode(params.get('form')));
  const location = useLocation();
  const navigate = useNavigate();
  const from = (location.state as FromState | null)?.from;
  useTitle(titles[mode]);

  const onSignedIn = () => {
    navigate(afterLogin(from), { replace: true });
  };

  return (
    <Grid gap="xl" align="flex-start">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Card>
          <Title order={1} size="h2" mb="md">
            {titles[mode]}
          </Title>
          {params.get('verified') === '0' && (
            <Alert color="red" mb="md" role="alert">
              {startPage.verificationFailed}
            </Alert>
          )}
          {params.get('reset') === '1' && mode === 'login' && (
            <Alert color="green" mb="md" role="status">
              {startPage.passwordChanged}
            </Alert>
          )}
          {from && mode === 'login' && (
            <Text size="sm" c="dimmed" mb="sm">
              Bitte melden Sie sich an, um fortzufahren.
            </Text>
          )}
          {mode === 'login' && (
            <LoginForm
              onRegister={() => setMode('register')}
              onForgot={() => setMode('forgot')}
              onSuccess={onSignedIn}
            />
          )}
          <Suspense fallback={<PageLoader />}>
            {mode === 'register' && <RegisterForm onBack={() => setMode('login')} onSuccess={onSignedIn} />}
            {mode === 'forgot' && <ForgotPasswordForm onBack={() => setMode('login')} />}
          </Suspense>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">
          <Title order={2}>{startPage.headline}</Title>
          <Text>{startPage.intro}</Text>
          <List spacing="sm" center>
            {startPage.features.map((feature, index) => {
              const Icon = featureIcons[index] ?? IconBolt;
              return (
                <List.Item
                  key={feature}
                  icon={
                    <ThemeIcon variant="light" size="lg">
                      <Icon size={18} aria-hidden />
                    </ThemeIcon>
                  }
                >
                  {feature}
                </List.Item>
              );
            })}
          </List>
          <div>
            <Button component={Link} to={paths.about} variant="light">
              {startPage.more}
            </Button>
          </div>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
