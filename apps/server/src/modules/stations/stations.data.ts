import fs from 'node:fs';
import { createRequire } from 'node:module';
import {
  createStationIndex,
  type IndexedStation,
  type StationIndex,
  type StationList,
} from '@streckenpass/contract/stations';

/** The shape of one entry of db-stations' `data.json` (Friendly Public Transport Format), as far as it is read. */
interface DbStation {
  ril100?: string;
  name?: string;
  weight?: number;
  location?: { latitude?: number; longitude?: number };
}

/** The station data in memory: the search index, the compact list the web app caches, the data set's version. */
export interface StationData {
  index: StationIndex;
  list: StationList;
  version: string;
}

const round = (value: number) => Math.round(value * 1e5) / 1e5;

/** Stations of db-stations entries that have a code, a name and coordinates (all 5,388 of db-stations 5.0.2 do). */
export function toStations(entries: readonly DbStation[]): IndexedStation[] {
  const stations: IndexedStation[] = [];
  for (const entry of entries) {
    const lat = entry.location?.latitude;
    const lon = entry.location?.longitude;
    if (!entry.ril100 || !entry.name || typeof lat !== 'number' || typeof lon !== 'number') continue;
    stations.push({
      code: entry.ril100,
      name: entry.name,
      lat: round(lat),
      lon: round(lon),
      weight: entry.weight ?? 0,
    });
  }
  return stations;
}

export function stationData(stations: readonly IndexedStation[], version: string): StationData {
  return {
    index: createStationIndex(stations),
    list: { version, stations: stations.map((s) => [s.code, s.name, s.lat, s.lon, s.weight]) },
    version,
  };
}

let loaded: StationData | undefined;

/**
 * Reads the pinned `db-stations` package's data file from node_modules once per process (about 20 ms): no network,
 * and the production build finds it the same way, through the installed dependency.
 */
export function loadStationData(): StationData {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const file = require.resolve('db-stations/data.json');
  const { version } = JSON.parse(fs.readFileSync(require.resolve('db-stations/package.json'), 'utf8')) as {
    version: string;
  };
  const entries = JSON.parse(fs.readFileSync(file, 'utf8')) as DbStation[];
  loaded = stationData(toStations(entries), `db-stations@${version}`);
  return loaded;
}
