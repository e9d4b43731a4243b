import { Button, type ButtonProps } from '@mantine/core';
import { toIri } from '@streckenpass/contract/common';
import type { Route } from '@streckenpass/contract/routes';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { todayInput } from '../../../lib/dates';
import { timeNow } from '../../../lib/drive-manner';
import { defaultDriveWay } from '../../../lib/drive-way-preference';
import { useRecordDocumentation } from '../use-record-documentation';

/**
 * "Heute gefahren" in one tap, on a route's or tour's page and on each row of the expiry list: records `routes` as
 * driven today, now, in the way used last (as "Heute gefahren" on the dashboard; the message names it), by their rule (the server sets the end date: each route's rule, the account's where a route has
 * none), online or into the outbox, with "Rückgängig" in the message. Then it says "Heute erfasst" until the page
 * changes.
 */
export function RecordTodayButton({
  routes,
  label = 'Heute gefahren',
  ...button
}: {
  routes: readonly Pick<Route, 'id'>[];
  label?: string;
} & ButtonProps & { 'aria-label'?: string }) {
  const { record, save } = useRecordDocumentation('quick');
  const [done, setDone] = useState(false);
  const onClick = () => {
    record(
      {
        acquiredAt: todayInput(),
        acquiredRoutes: routes.map((route) => toIri('routes', route.id)),
        acquiredVehicles: [],
        way: defaultDriveWay(),
        time: timeNow(),
      },
      { onDone: () => setDone(true) },
    );
  };
  return (
    <Button
      color="green"
      fullWidth
      {...button}
      aria-label={done ? undefined : button['aria-label']}
      loading={save.isPending}
      disabled={done || routes.length === 0}
      leftSection={done ? <IconCheck size={16} aria-hidden /> : undefined}
      onClick={onClick}
    >
      {done ? 'Heute erfasst' : label}
    </Button>
  );
}
