import fp from 'fastify-plugin';
import { stationDataOnFirstUse, type StationData } from './stations.data.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** DS100/RIL100 stations (db-stations), read once, on first use. */
    stations: StationData;
  }
}

/** Decorates the station data set onto the instance (read by routes, exports and the search), read on first use. */
export default fp(
  async (app) => {
    app.decorate('stations', stationDataOnFirstUse());
  },
  { name: 'stations' },
);
