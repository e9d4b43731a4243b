import type { Betrieb } from '@streckenpass/contract/betriebe';
import { MATRIX_SORTS, MATRIX_STATES, type MatrixQuery } from '@streckenpass/contract/matrix';
import { useSearchParams } from 'react-router';
import { searchOf } from '../../features/betriebe/api/matrix';
import { BetriebViewFrame } from '../../features/betriebe/components/betrieb-view-frame';
import { MatrixView } from '../../features/betriebe/components/matrix-view';
import { recordRoute } from '../record-route';
import { betriebRecord } from '../record-routes';
import { useTitle } from '../use-title';

const positive = (value: string | null) => {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : undefined;
};
const oneOf = <T extends string>(value: string | null, options: readonly T[]) =>
  options.find((option) => option === value);

/** The matrix's filters as the address holds them; anything unknown there is left out. */
function queryOf(params: URLSearchParams): MatrixQuery {
  return {
    depot: positive(params.get('depot')),
    requirement: positive(params.get('requirement')),
    state: oneOf(params.get('state'), MATRIX_STATES),
    q: params.get('q') || undefined,
    sort: oneOf(params.get('sort'), MATRIX_SORTS) ?? 'name',
    page: positive(params.get('page')) ?? 1,
  };
}

/** The Betrieb's matrix (admins and Disponenten; a driver is told it is not theirs to see). */
function BetriebMatrix({ record: betrieb }: { record: Betrieb }) {
  useTitle(`Matrix – ${betrieb.name}`);
  const [params, setParams] = useSearchParams();
  return (
    <BetriebViewFrame betrieb={betrieb} view="matrix">
      <MatrixView
        betrieb={betrieb}
        query={queryOf(params)}
        onQueryChange={(next) =>
          setParams(
            searchOf({
              ...next,
              sort: next.sort === 'name' ? undefined : next.sort,
              page: next.page === 1 ? undefined : next.page,
            }),
            { replace: true },
          )
        }
      />
    </BetriebViewFrame>
  );
}

export const { clientLoader, ErrorBoundary, Component } = recordRoute(betriebRecord('Matrix'), BetriebMatrix);
