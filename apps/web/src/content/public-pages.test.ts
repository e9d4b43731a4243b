import { describe, expect, it } from 'vitest';
import { RAIL_NETWORK_ATTRIBUTION } from '@streckenpass/contract/network';
import { legalPage, RAIL_NETWORK_SOURCE } from './public-pages';

describe('legal page', () => {
  it('names the rail network data as its licence asks (the contract’s attribution, word for word)', () => {
    expect(RAIL_NETWORK_SOURCE).toBe(RAIL_NETWORK_ATTRIBUTION);
    expect(legalPage.sources.some((source) => source.includes(RAIL_NETWORK_ATTRIBUTION))).toBe(true);
  });
});
