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
let loadedVersion: string | undefined;

/** The data set's version (`db-stations@5.0.2`), from the pinned package's manifest. */
export function stationDataVersion(): string {
  if (loadedVersion) return loadedVersion;
  const require = createRequire(import.meta.url);
  const { version } = JSON.parse(fs.readFileSync(require.resolve('db-stations/package.json'), 'utf8')) as {
    version: string;
  };
  loadedVersion = `db-stations@${version}`;
  return loadedVersion;
}

/**
 * Reads the pinned `db-stations` package's data file from node_modules once per process: no network, and the
 * production build finds it the same way, through the installed dependency. Parsing it and building the search index
 * takes 120–160 ms on the 2-core machine.
 */
export function loadStationData(): StationData {
  if (loaded) return loaded;
  const file = createRequire(import.meta.url).resolve('db-stations/data.json');
  const entries = JSON.parse(fs.readFileSync(file, 'utf8')) as DbStation[];
  loaded = stationData(toStations(entries), stationDataVersion());
  return loaded;
}

/** Whether this process has read the station data yet. */
export const stationDataLoaded = () => loaded !== undefined;

/**
 * The station data as the server holds it: read on first use (the first route list, search or export), not at start,
 * which it kept 120–160 ms longer (docs/decisions/0054). The version is known without reading the data.
 */
export function stationDataOnFirstUse(): StationData {
  const index: StationIndex = {
    get size() {
      return loadStationData().index.size;
    },
    byCode: (code) => loadStationData().index.byCode(code),
    search: (query, limit) => loadStationData().index.search(query, limit),
    exact: (typed) => loadStationData().index.exact(typed),
  };
  return {
    index,
    get list() {
      return loadStationData().list;
    },
    version: stationDataVersion(),
  };
}
