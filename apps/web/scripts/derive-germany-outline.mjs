// Derives the map's outline of Germany (src/features/map/germany.json) from world-atlas' countries-50m
// (Natural Earth 1:50m, public domain; world-atlas ISC). Run after changing the pinned world-atlas version:
//   node apps/web/scripts/derive-germany-outline.mjs
// Coordinates are rounded to 0.01° (about 1 km), plenty for a 600 px wide drawing.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { feature } from 'topojson-client';

const require = createRequire(import.meta.url);
const topology = JSON.parse(fs.readFileSync(require.resolve('world-atlas/countries-50m.json'), 'utf8'));
const countries = feature(topology, topology.objects.countries);
const germany = countries.features.find((country) => country.id === '276');
if (!germany) throw new Error('Germany (ISO 3166 numeric 276) not found in world-atlas');

const round = (value) => Math.round(value * 100) / 100;
const roundRing = (ring) =>
  ring
    .map(([lon, lat]) => [round(lon), round(lat)])
    .filter((p, i, all) => i === 0 || p[0] !== all[i - 1][0] || p[1] !== all[i - 1][1]);
const { type, coordinates } = germany.geometry;
const polygons = type === 'Polygon' ? [coordinates] : coordinates;
const outline = {
  type: 'Feature',
  properties: {
    name: 'Deutschland',
    source: 'Natural Earth 1:50m admin 0 countries via world-atlas@2.0.2 countries-50m.json (public domain)',
  },
  geometry: {
    type: 'MultiPolygon',
    coordinates: polygons.map((polygon) => polygon.map(roundRing)).filter((polygon) => polygon[0].length >= 4),
  },
};
const target = path.join(import.meta.dirname, '../src/features/map/germany.json');
fs.writeFileSync(target, `${JSON.stringify(outline)}\n`);
console.info(`${target}: ${fs.statSync(target).size} bytes`);
