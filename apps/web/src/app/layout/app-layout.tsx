import {
  ActionIcon,
  Box,
  Burger,
  Container,
  Group,
  Stack,
  Text,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMoon, IconSun, IconTrain } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { accountSection, betriebSection, documentationSection, isInSection, paths } from '../../config/paths';
import { betriebeQueryOptions } from '../../features/betriebe/api/betriebe';
import { betriebHome } from '../../features/betriebe/betrieb-home';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { useLogout } from '../../features/auth/api/logout';
import { useIsAuthenticated } from '../../features/auth/store';
import { PageLoader } from '../../components/page-loader';
import { siteHeader } from '../../content/public-pages';
import { useAwaitingFirstAnswer } from '../../lib/first-answer';
import classes from './app-layout.module.css';
import { AppSplash } from './app-splash';
import { OfflineHint } from './offline-hint';
import { VerificationBanner } from './verification-banner';

interface NavItem {
  label: string;
  to: string;
  active: (pathname: string) => boolean;
}

/** A Betrieb's pages (its view, matrix, "Wer kann fahren?", a driver's page). */
const inBetrieb = (p: string) => isInSection(p, [betriebSection]);

/**
 * The signed-in navigation. A Betrieb's admin or Disponent has the Betrieb in it (issue 40; `home`: its page, or "Meine
 * Betriebe" for several), and its pages are then no longer the account's.
 */
function signedInItems(home: string | null): NavItem[] {
  return [
    { label: 'Dashboard', to: paths.dashboard, active: (p) => isInSection(p, [paths.dashboard]) },
    ...(home ? [{ label: 'Betrieb', to: home, active: (p: string) => inBetrieb(p) || p === home }] : []),
    { label: 'Dokumentation', to: paths.documentation, active: (p) => isInSection(p, documentationSection) },
    { label: 'Karte', to: paths.map, active: (p) => isInSection(p, [paths.map]) },
    {
      label: 'Konto',
      to: paths.account,
      active: (p) => isInSection(p, accountSection) && !(home && (inBetrieb(p) || p === home)),
    },
  ];
}

// The prerendered public pages draw the same header (content/prerender.ts): labels and links come from one place.
const signedOutItems: NavItem[] = siteHeader.links.map(({ href, label }) => ({
  label,
  to: href,
  active: (p) => p === href,
}));

function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('dark');
  const next = computed === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      onClick={() => setColorScheme(next)}
      aria-label={next === 'light' ? siteHeader.toLight : siteHeader.toDark}
    >
      {computed === 'dark' ? <IconSun size={20} aria-hidden /> : <IconMoon size={20} aria-hidden />}
    </ActionIcon>
  );
}

export function AppLayout() {
  const authenticated = useIsAuthenticated();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [opened, { toggle, close }] = useDisclosure(false);
  const logout = useLogout();
  // The verification banner above the navigation depends on the account: until it is known (restored from this
  // device, or on the first signed-in load fetched) the layout waits, so that the banner and the page appear together
  // instead of the banner pushing a painted page down.
  const awaitingUser = useAwaitingFirstAnswer(useCurrentUser());
  const betriebe = useQuery({ ...betriebeQueryOptions(), enabled: authenticated });
  const items = authenticated ? signedInItems(betriebHome(betriebe.data)) : signedOutItems;

  const onLogout = async () => {
    close();
    await logout.mutateAsync();
    navigate(paths.home, { replace: true });
  };

  const links = (
    <>
      {items.map((item) => {
        const active = item.active(pathname);
        return (
          <NavLink
            key={item.to}
            to={item.to}
            onClick={close}
            className={classes.link}
            data-active={active || undefined}
            aria-current={active ? 'page' : undefined}
          >
            {item.label}
          </NavLink>
        );
      })}
      {authenticated && (
        <UnstyledButton className={classes.link} onClick={() => void onLogout()} disabled={logout.isPending}>
          Abmelden
        </UnstyledButton>
      )}
    </>
  );

  if (authenticated && awaitingUser) return <AppSplash />;

  return (
    <>
      <VerificationBanner />
      <Box component="header" className={classes.header}>
        <Container size="lg" className={classes.bar}>
          <Group justify="space-between" h="100%" wrap="nowrap">
            <UnstyledButton
              component={Link}
              to={authenticated ? paths.dashboard : paths.home}
              className={classes.title}
              aria-label={authenticated ? 'Streckenpass – zum Dashboard' : siteHeader.home}
            >
              <IconTrain size={26} aria-hidden />
              <Text fw={800} size="lg">
                Streckenpass
              </Text>
            </UnstyledButton>
            <Group gap={4} visibleFrom="sm" component="nav" aria-label={siteHeader.navigation}>
              {links}
              <ColorSchemeToggle />
            </Group>
            <Group gap={4} hiddenFrom="sm">
              <ColorSchemeToggle />
              <Burger
                opened={opened}
                onClick={toggle}
                aria-expanded={opened}
                aria-label={opened ? siteHeader.closeMenu : siteHeader.openMenu}
              />
            </Group>
          </Group>
        </Container>
        <OfflineHint />
        {opened && (
          <Stack
            gap={0}
            hiddenFrom="sm"
            component="nav"
            aria-label={siteHeader.navigation}
            className={classes.mobileNav}
          >
            {links}
          </Stack>
        )}
      </Box>
      <Box component="main" id="main" className={classes.main}>
        <Container size="lg" py="lg" px="sm">
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Container>
      </Box>
    </>
  );
}
