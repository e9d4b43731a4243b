import type { Betrieb } from '@streckenpass/contract/betriebe';
import { useSearchParams } from 'react-router';
import { searchOf } from '../../features/betriebe/api/matrix';
import { BetriebViewFrame } from '../../features/betriebe/components/betrieb-view-frame';
import { WhoCanDriveView, type WhoCanDriveAsked } from '../../features/betriebe/components/who-can-drive';
import { todayInput } from '../../lib/dates';
import { recordRoute } from '../record-route';
import { betriebRecord } from '../record-routes';
import { useTitle } from '../use-title';

const STATION = /^[A-Z0-9 ]{1,6}$/;

/** The question as the address holds it (`?requirement=7&date=2026-12-01` or `?from=FF&to=RM`); today by default. */
function questionOf(params: URLSearchParams): WhoCanDriveAsked {
  const requirement = Number(params.get('requirement'));
  const date = params.get('date');
  const from = params.get('from')?.toUpperCase();
  const to = params.get('to')?.toUpperCase();
  return {
    requirement: Number.isInteger(requirement) && requirement > 0 ? requirement : undefined,
    from: from && STATION.test(from) ? from : undefined,
    to: to && STATION.test(to) ? to : undefined,
    date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : todayInput(),
  };
}

/** "Wer kann fahren?" of a Betrieb (admins and Disponenten). */
function BetriebWhoCanDrive({ record: betrieb }: { record: Betrieb }) {
  useTitle(`Wer kann fahren? – ${betrieb.name}`);
  const [params, setParams] = useSearchParams();
  const today = todayInput();
  return (
    <BetriebViewFrame betrieb={betrieb} view="whoCanDrive">
      <WhoCanDriveView
        betrieb={betrieb}
        question={questionOf(params)}
        onAsk={(next) => setParams(searchOf({ ...next, date: next.date === today ? undefined : next.date }))}
      />
    </BetriebViewFrame>
  );
}

export const { clientLoader, ErrorBoundary, Component } = recordRoute(
  betriebRecord('Wer kann fahren?'),
  BetriebWhoCanDrive,
);
