import { Box, Text } from '@mantine/core';
import { IconTrain } from '@tabler/icons-react';
import { PageLoader } from '../../components/page-loader';
import classes from './app-layout.module.css';

/**
 * The name and a spinner in the middle of the screen: what the app shows before its first page can be painted –
 * while the first route's chunk loads, and on the first signed-in load until the account has answered.
 */
export function AppSplash() {
  return (
    <Box component="main" id="main" className={classes.splash}>
      <Text component="p" className={classes.title} fw={800} size="lg">
        <IconTrain size={26} aria-hidden />
        Streckenpass
      </Text>
      <PageLoader />
    </Box>
  );
}
