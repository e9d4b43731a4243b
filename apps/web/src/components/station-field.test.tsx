import { createStationIndex } from '@streckenpass/contract/stations';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { wrapper } from '../test/render';
import { StationField } from './station-field';

const index = createStationIndex([
  { code: 'NWH', name: 'Würzburg Hbf', lat: 49.8, lon: 9.93, weight: 10 },
  { code: 'NWHF', name: 'Weiherhof', lat: 49.5, lon: 10.9, weight: 1 },
]);

describe('StationField', () => {
  it('links a code typed before the station list had loaded once the list is there', () => {
    const onChange = vi.fn();
    const props = { label: 'Start (Betriebsstelle)', value: 'NWH', station: null, onChange };
    const view = render(wrapper({ children: <StationField {...props} index={null} /> }));
    expect(onChange).not.toHaveBeenCalled();
    view.rerender(wrapper({ children: <StationField {...props} index={index} /> }));
    expect(onChange).toHaveBeenCalledWith('NWH', 'NWH');
  });

  it('leaves free text and an already linked station as they are', () => {
    const onChange = vi.fn();
    render(
      wrapper({
        children: <StationField label="Ende" value="Abzweig Nord" station={null} index={index} onChange={onChange} />,
      }),
    );
    render(
      wrapper({
        children: <StationField label="Start" value="Würzburg Hbf" station="NWH" index={index} onChange={onChange} />,
      }),
    );
    expect(onChange).not.toHaveBeenCalled();
  });
});
