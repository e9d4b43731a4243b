import fp from 'fastify-plugin';
import { loadStationData, type StationData } from './stations.data.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** DS100/RIL100 stations (db-stations), loaded once at start. */
    stations: StationData;
  }
}

/** Loads the station data set once and decorates it onto the instance (read by routes, exports and the search). */
export default fp(
  async (app) => {
    app.decorate('stations', loadStationData());
  },
  { name: 'stations' },
);
