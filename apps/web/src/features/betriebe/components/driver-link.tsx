import { Anchor, type AnchorProps } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import classes from './driver-link.module.css';

/**
 * A driver's name as a link to their page for the Betrieb (issue 38 item 13), the same in the matrix, the members
 * list and "Wer kann fahren?".
 */
export function DriverLink({
  betriebId,
  membershipId,
  name,
  ...props
}: { betriebId: number; membershipId: number; name: string } & AnchorProps) {
  return (
    <Anchor component={Link} to={paths.betriebDriver(betriebId, membershipId)} className={classes.link} {...props}>
      {name}
    </Anchor>
  );
}
